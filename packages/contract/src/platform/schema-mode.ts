/**
 * For browsers: zod first tries `new Function` to compile faster parsers, and a page whose
 * Content-Security-Policy has no 'unsafe-eval' (the storefront's) refuses it and reports a policy
 * violation. Pages check a few small forms, so they parse without compiling. The API keeps the
 * compiled parsers: it checks every request.
 *
 * The switch is zod's `jitless` setting, set on the configuration object zod 4 keeps on
 * `globalThis` (so that copies of zod share one) rather than through `config()` from zod's core,
 * which would put 4 KB of zod on every first load to set one flag. It works whether zod has loaded
 * yet or not; a test holds it to zod's behaviour.
 */
export function parseWithoutEval(): void {
  const shared = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
  shared.__zod_globalConfig ??= {};
  shared.__zod_globalConfig.jitless = true;
}
