// Shiki stops colouring a line after 500 ms and leaves the rest of it in the colour it had
// reached: in a build on a busy machine, the first line of a guide's first code block came out
// half plain. A guide's blocks are coloured once, at build time, so no limit is needed.
import type { ShikiTransformer } from 'shiki';

export const wholeLines: ShikiTransformer = {
  name: 'ira-whole-lines',
  preprocess(code, options) {
    // Shiki tokenizes with these same options after its transformers' preprocess; 0 is no limit.
    options.tokenizeTimeLimit = 0;
    return code;
  },
};
