import { z } from 'zod';

// The consoles' CSP forbids eval, so zod's compiled parsers cannot be built; say so once instead
// of letting the first parse try (and log a CSP violation). Loaded with every page's code
// (app/router.tsx) and with the realtime client, before anything parses an answer; the layout
// draws without zod.
z.config({ jitless: true });
