// The audio CLI (docs/operations.md "Commands tools rely on"): `npm run audio -- mirror|status`.
// Exit codes: 0 done, 1 some files could not be fetched or kept (listed), 2 bad arguments
// (usage on stderr).
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig, type Config } from '@ira/core/runtime/config';
import { readCatalogue, type Catalogue } from './audio/catalogue.ts';
import type { Io } from './audio/io.ts';
import { mirror } from './audio/mirror.ts';
import { status } from './audio/status.ts';

export const USAGE = `Usage:
  npm run audio -- mirror --reciter ID [--surah N|N-M] [--to cache|media]
      Fetches a remote reciter's verse files from AUDIO_UPSTREAM_URL ahead of time, into
      the audio cache (AUDIO_CACHE_DIR, the default) or MEDIA_DIR (kept for good). Every
      surah unless --surah says which (1-114). Files already there are skipped: run it
      again to resume or to retry what failed.
  npm run audio -- status
      Shows per reciter how many verse files the cache and MEDIA_DIR hold.`;

type Env = Record<string, string | undefined>;
/** Pauses between attempts at a file (tests shorten them). */
interface Timing {
  retryPauseMs?: number;
}
type Command = (config: Config, catalogue: Catalogue, args: string[], io: Io, timing: Timing) => Promise<number>;

/** Bad command-line input: usage text and exit 2. */
class UsageError extends Error {}

const SURAHS = /^(\d{1,3})(?:-(\d{1,3}))?$/;

function readSurahs(raw: string | undefined, count: number): { from: number; to: number } {
  if (raw === undefined) return { from: 1, to: count };
  const match = SURAHS.exec(raw);
  const from = Number(match?.[1]);
  const to = match?.[2] === undefined ? from : Number(match[2]);
  if (match === null || from < 1 || to > count || to < from)
    throw new UsageError(`--surah must be a surah number or a range within 1-${count} (e.g. 2 or 1-114), got "${raw}"`);
  return { from, to };
}

const mirrorCommand: Command = (config, catalogue, args, io, timing) => {
  const { values, positionals } = parseArgs({
    args,
    options: { reciter: { type: 'string' }, surah: { type: 'string' }, to: { type: 'string', default: 'cache' } },
    allowPositionals: true,
  });
  if (positionals.length > 0)
    throw new UsageError(`mirror takes no positional arguments, got "${positionals.join(' ')}"`);
  const remote = catalogue.reciters.filter((reciter) => reciter.source.type === 'remote');
  const reciter = remote.find((each) => each.id === values.reciter);
  if (reciter === undefined) {
    const problem =
      values.reciter === undefined ? 'mirror needs --reciter ID' : `No remote reciter "${values.reciter}"`;
    throw new UsageError(`${problem}; the remote reciters are ${remote.map((each) => each.id).join(', ')}`);
  }
  if (values.to !== 'cache' && values.to !== 'media')
    throw new UsageError(`--to must be cache or media, got "${values.to}"`);
  if (values.to === 'media' && config.mediaDir === null) throw new UsageError('--to media needs MEDIA_DIR to be set');
  const surahs = readSurahs(values.surah, catalogue.verseCounts.length);
  return mirror(config, catalogue, { reciter, surahs, to: values.to, ...timing }, io);
};

const statusCommand: Command = (config, catalogue, args, io) => {
  if (args.length > 0) throw new UsageError('status takes no arguments');
  return status(config, catalogue, io);
};

const COMMANDS: Record<string, Command> = { mirror: mirrorCommand, status: statusCommand };

/** Runs one CLI invocation; returns the exit code. */
export async function main(argv: string[], env: Env, io: Io, timing: Timing = {}): Promise<number> {
  const [name, ...args] = argv;
  const command = name === undefined ? undefined : COMMANDS[name];
  if (command === undefined) {
    io.err(name === undefined ? 'Missing command.' : `Unknown command "${name}".`);
    io.err(USAGE);
    return 2;
  }
  try {
    const config = loadConfig(env);
    return await command(config, await readCatalogue(config), args, io, timing);
  } catch (error) {
    if (error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      io.err((error as Error).message);
      io.err(USAGE);
      return 2;
    }
    const prefix = error instanceof ConfigError ? 'Configuration error' : 'Audio error';
    io.err(`${prefix}: ${(error as Error).message ?? String(error)}`);
    return 1;
  }
}

if (import.meta.main) {
  const io: Io = { out: (line) => console.log(line), err: (line) => console.error(line) };
  process.exitCode = await main(process.argv.slice(2), process.env, io);
}
