// Types of supervise.mjs for the TypeScript that imports it (the API's start-up exit code).
export declare const EXIT_DO_NOT_RESTART: 78;
export declare const RESTART_POLICY: {
  firstDelayMs: number;
  maxDelayMs: number;
  healthyAfterMs: number;
  maxCrashes: number;
  windowMs: number;
};
export declare function nextRestartDelay(
  crashTimes: number[],
  lastRunMs: number,
  consecutive: number,
  policy?: typeof RESTART_POLICY,
): number | null;
export declare function supervise(
  args: string[],
  options?: {
    env?: NodeJS.ProcessEnv;
    log?: (line: string) => void;
    policy?: typeof RESTART_POLICY;
    restart?: boolean;
    onExit?: (code: number) => void;
  },
): { stop(signal: NodeJS.Signals): void; readonly pid: number | undefined };
