// The shared config, read once when the portal first needs it (at run time,
// never at build time).
import { loadConfig, type Config } from '@ira/core/runtime/config';

let config: Config | undefined;

export function portalConfig(): Config {
  config ??= loadConfig();
  return config;
}
