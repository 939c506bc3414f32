import { z } from 'zod';

// zod 4 compiles object parsers with `new Function` by default, which a strict Content-Security-Policy
// (no 'unsafe-eval') refuses in the browser. The schemas are small: the interpreted path is plenty fast.
z.config({ jitless: true });

export { z };
