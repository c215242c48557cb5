// The key CLI (docs/operations.md "Commands tools rely on"): `npm run keys -- create|revoke|list`.
// `create` prints the new key alone on the last line of stdout, so scripts can
// take it with `tail -n 1`. Exit codes: 0 done, 1 nothing matched or the store
// failed, 2 bad arguments (usage on stderr).
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '@ira/core/runtime/config';
import { describeMatches, findRevocable, issueKey, KeyInputError } from '@ira/core/runtime/keys/key-service';
import { openKeyStore } from '@ira/core/runtime/keys/open-store';
import type { ApiKeyRecord, KeyLimits, KeyStore } from '@ira/core/runtime/keys/types';
import { formatKeyTable, limitCell, type DefaultLimits } from './keys/key-table.ts';

export const USAGE = `Usage:
  npm run keys -- create --name NAME [--general N] [--calculation N]
      Creates a key; --general/--calculation override its requests per window.
      The key is printed alone on the last line.
  npm run keys -- revoke KEY_OR_START [--yes]
      Revokes one key, named by its full key, its id, or its display start
      (e.g. ira_live_AbC1; nothing shorter). Asks first unless --yes.
  npm run keys -- list
      Shows every key: start, name, limits, created, last used, revoked.`;

export interface Io {
  out(line: string): void;
  err(line: string): void;
  /** Asks a yes/no question; null when there is no terminal to ask on. */
  confirm(question: string): Promise<boolean | null>;
}

type Env = Record<string, string | undefined>;
type Command = (store: KeyStore, args: string[], io: Io, defaults: DefaultLimits) => Promise<number>;

/** Bad command-line input: usage text and exit 2. */
class UsageError extends Error {}

function readLimit(name: string, raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  if (!/^\d+$/.test(raw) || Number(raw) < 1)
    throw new UsageError(`--${name} must be a whole number of at least 1, got "${raw}"`);
  return Number(raw);
}

function describeLimits(limits: KeyLimits, defaults: DefaultLimits): string {
  const general = limitCell({ limits }, defaults, 'general');
  const calculation = limitCell({ limits }, defaults, 'calculation');
  return `general ${general}, calculation ${calculation} per window`;
}

const create: Command = async (store, args, io, defaults) => {
  const { values, positionals } = parseArgs({
    args,
    options: { name: { type: 'string' }, general: { type: 'string' }, calculation: { type: 'string' } },
    allowPositionals: true,
  });
  if (positionals.length > 0)
    throw new UsageError(`create takes no positional arguments, got "${positionals.join(' ')}"`);
  if (values.name === undefined) throw new UsageError('create needs --name NAME');
  const limits = {
    general: readLimit('general', values.general),
    calculation: readLimit('calculation', values.calculation),
  };
  const { key, record } = await issueKey(store, { userId: null, name: values.name, limits });
  io.out(
    `Created key "${record.name}" (id ${record.id}, ${describeLimits(record.limits, defaults)}). It is shown only now:`,
  );
  io.out(key);
  return 0;
};

const revoke: Command = async (store, args, io) => {
  const { values, positionals } = parseArgs({ args, options: { yes: { type: 'boolean' } }, allowPositionals: true });
  if (positionals.length !== 1) throw new UsageError('revoke needs exactly one KEY_OR_START');
  const matches: ApiKeyRecord[] = await findRevocable(store, positionals[0]!);
  if (matches.length === 0) {
    io.err(`No active key matches "${positionals[0]}" (already revoked, or no such key). See: npm run keys -- list`);
    return 1;
  }
  if (matches.length > 1) {
    io.err(
      `"${positionals[0]}" matches ${matches.length} active keys; ` +
        `give the full key or an id:\n${describeMatches(matches)}`,
    );
    return 2;
  }
  const record = matches[0]!;
  if (!values.yes) {
    const answer = await io.confirm(`Revoke ${record.start}… "${record.name}" (id ${record.id})? [y/N] `);
    if (answer === null) throw new UsageError('revoke asks before revoking; with no terminal to ask on, add --yes');
    if (!answer) {
      io.err('Nothing revoked.');
      return 1;
    }
  }
  const revoked = await store.revokeKey(record.id);
  if (revoked === null) {
    io.err(`${record.start}… was revoked meanwhile; nothing to do.`);
    return 1;
  }
  io.out(`Revoked ${revoked.start}… "${revoked.name}" (id ${revoked.id})`);
  return 0;
};

const list: Command = async (store, args, io, defaults) => {
  const { positionals } = parseArgs({ args, options: {}, allowPositionals: true });
  if (positionals.length > 0) throw new UsageError('list takes no arguments');
  const keys = await store.listKeys();
  if (keys.length === 0) io.out('No keys yet. Create one with: npm run keys -- create --name NAME');
  else for (const line of formatKeyTable(keys, defaults)) io.out(line);
  return 0;
};

const COMMANDS: Record<string, Command> = { create, revoke, list };

/** Runs one CLI invocation; returns the exit code. */
export async function main(argv: string[], env: Env, io: Io): Promise<number> {
  const [name, ...args] = argv;
  const command = name === undefined ? undefined : COMMANDS[name];
  if (command === undefined) {
    io.err(name === undefined ? 'Missing command.' : `Unknown command "${name}".`);
    io.err(USAGE);
    return 2;
  }
  let store: KeyStore | undefined;
  try {
    const config = loadConfig(env);
    store = await openKeyStore(config);
    return await command(store, args, io, config);
  } catch (error) {
    return reportFailure(error, io);
  } finally {
    await store?.close();
  }
}

function reportFailure(error: unknown, io: Io): number {
  if (error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
    io.err((error as Error).message);
    io.err(USAGE);
    return 2;
  }
  if (error instanceof KeyInputError) {
    io.err(error.message);
    return 2;
  }
  const prefix = error instanceof ConfigError ? 'Configuration error' : 'Key store error';
  io.err(`${prefix}: ${(error as Error).message ?? String(error)}`);
  return 1;
}

async function confirmOnTerminal(question: string): Promise<boolean | null> {
  if (!process.stdin.isTTY) return null;
  const terminal = createInterface({ input: process.stdin, output: process.stderr });
  try {
    return /^y(?:es)?$/i.test((await terminal.question(question)).trim());
  } finally {
    terminal.close();
  }
}

if (import.meta.main) {
  const io: Io = { out: (line) => console.log(line), err: (line) => console.error(line), confirm: confirmOnTerminal };
  process.exitCode = await main(process.argv.slice(2), process.env, io);
}
