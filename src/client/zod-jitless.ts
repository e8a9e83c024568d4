/**
 * Imported first by main.tsx, so it runs before any schema parses: zod 4 otherwise probes
 * `new Function` to compile fast parsers, and under our CSP (`script-src 'self'`, no
 * 'unsafe-eval') that probe is reported as a security-policy violation on every page, even
 * though zod catches the failure. Interpreted parsing is fast enough for forms.
 *
 * It writes zod's global configuration object (zod/v4/core keeps it on
 * `globalThis.__zod_globalConfig` and keeps one that exists) instead of calling `config()`, so
 * the first chunk does not import zod: only the forms' lazy chunks do.
 */
const zodGlobal = globalThis as typeof globalThis & { __zod_globalConfig?: { jitless?: boolean } };
zodGlobal.__zod_globalConfig = { ...zodGlobal.__zod_globalConfig, jitless: true };
