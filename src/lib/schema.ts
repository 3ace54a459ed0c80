import { config } from 'zod';

// The site's Content-Security-Policy has no 'unsafe-eval' (deploy/security-headers.ts): zod
// would otherwise probe with `Function('')` whether it may compile its checks, and each probe
// is a reported violation. Every form schema imports zod from here, so this runs first.
config({ jitless: true });

export { z } from 'zod';
