import { z } from 'zod';

// The consoles' CSP forbids eval, so zod's compiled parsers cannot be built; say so once instead
// of letting the first parse try (and log a CSP violation). Imported by what parses outside a
// console page (the session's calls, sign-in's answers, the realtime client) and by the schemas a
// page drawn with its layout parses with (a feature's api/*-answers.ts), and loaded with every
// other console page's code (app/router.tsx); the layout draws without zod.
z.config({ jitless: true });
