/**
 * Imported first by main.tsx, so it runs before any schema exists: zod 4 otherwise probes
 * `new Function` to compile fast parsers, and under our CSP (`script-src 'self'`, no
 * 'unsafe-eval') that probe is reported as a security-policy violation on every page, even
 * though zod catches the failure. Interpreted parsing is fast enough for forms.
 */
import { config } from "zod";

config({ jitless: true });
