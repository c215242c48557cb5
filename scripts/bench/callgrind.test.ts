import { describe, expect, it } from 'vitest';
import { ownWork, perAnswer, splitInstructions } from './callgrind.ts';

// Lines as `callgrind_annotate --inclusive=yes` prints them for a Node 24 server (shortened
// paths); a `'2` name is a recursion cycle, whose count may exceed the whole program's.
// A `\` at a line's end continues that line (a template literal's line continuation).
const ANNOTATED = `--------------------------------------------------------------------------------
Ir
--------------------------------------------------------------------------------
1,040,400,714 (100.0%)  PROGRAM TOTALS

--------------------------------------------------------------------------------
Ir                 file:function
--------------------------------------------------------------------------------
1,503,140,625 (144.5%)  ???:Builtins_Call_ReceiverIsAny'2 [/node/bin/node]
  744,572,525 (71.57%)  ./csu/../csu/libc-start.c:__libc_start_main@@GLIBC_2.34 [/usr/lib/x86_64-linux-gnu/libc.so.6]
  744,572,525 (71.57%)  ???:(below main) [/node/bin/node]
  295,828,189 (28.43%)  ./nptl/./nptl/pthread_create.c:start_thread [/usr/lib/x86_64-linux-gnu/libc.so.6]
  107,287,414 (10.31%)  ???:v8::internal::OptimizingCompileTaskExecutor::CompileTask::Run(v8::JobDelegate*) \
[/node/bin/node]
   62,202,553 ( 5.98%)  ???:v8::internal::Heap::CollectGarbage(v8::internal::AllocationSpace, \
v8::internal::GarbageCollectionReason, v8::GCCallbackFlags) [/node/bin/node]
   62,096,911 ( 5.97%)  ???:void heap::base::Stack::SetMarkerAndCallbackImpl<v8::internal::Heap::CollectGarbage(\
v8::internal::AllocationSpace, v8::internal::GarbageCollectionReason, v8::GCCallbackFlags)::{lambda()#1}>(void*) \
[/node/bin/node]
   53,256,643 ( 5.12%)  ???:v8::internal::Heap::Scavenge() [/node/bin/node]
    9,000,000 ( 0.87%)  ???:v8::internal::Runtime_CompileLazy(int, unsigned long*, v8::internal::Isolate*) \
[/node/bin/node]
    1,000,000 ( 0.10%)  ???:v8::internal::Runtime_OptimizeTurbofanEager(int, unsigned long*, v8::internal::Isolate*) \
[/node/bin/node]
`;

describe('splitInstructions', () => {
  it('reads the whole program, the event loop thread, its collections and the compiler threads', () => {
    expect(splitInstructions(ANNOTATED)).toEqual({
      total: 1_040_400_714,
      main: 744_572_525,
      mainGc: 62_202_553,
      mainCompile: 10_000_000,
      compileThreads: 107_287_414,
    });
  });

  it('leaves out recursion cycles and finds nothing in output without those functions', () => {
    expect(
      splitInstructions("1,000 (100.0%)  PROGRAM TOTALS\n  5,000 (500.0%)  ???:(below main)'2 [/node/bin/node]\n"),
    ).toEqual({ total: 1_000, main: 0, mainGc: 0, mainCompile: 0, compileThreads: 0 });
  });

  it("divides by the answers counted, and leaves collections and compiling out of the event loop's own work", () => {
    const each = perAnswer(splitInstructions(ANNOTATED), 4_000);
    expect(each).toEqual({ total: 260_100, main: 186_143, mainGc: 15_551, mainCompile: 2_500, compileThreads: 26_822 });
    expect(ownWork(each)).toBe(168_092);
  });
});
