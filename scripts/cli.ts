// Command-line runs of the helper scripts (scripts/pg.ts, scripts/nginx.ts, scripts/cluster.ts): am I the
// script node started, a numeric option, and staying up until a signal.
import { pathToFileURL } from 'node:url';

/** Whether the module at `moduleUrl` (its import.meta.url) is the script node was started with. */
export const isMain = (moduleUrl: string) => moduleUrl === pathToFileURL(process.argv[1] ?? '').href;

/** `--name N` of a command line, as a number (undefined when absent). */
export function numberArg(argv: string[], name: string): number | undefined {
  const i = argv.indexOf(name);
  return i >= 0 ? Number(argv[i + 1]) : undefined;
}

/** A command-line run of a throwaway server: it stays up until Ctrl+C / SIGTERM, then stops it and exits. */
export function serveUntilSignal(stop: () => Promise<unknown>): void {
  const quit = () => {
    void stop().then(() => process.exit(0));
  };
  process.once('SIGINT', quit);
  process.once('SIGTERM', quit);
  setInterval(() => {}, 1 << 30); // keeps the process alive until a signal arrives
}
