import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    restoreMocks: true,
    // HTTP is stubbed at the API client's transport; the realtime socket must not reach a dev server that
    // happens to run on the default port (it would refuse the test tokens and end the session).
    env: { VITE_BACKEND_URL: 'http://127.0.0.1:9' },
  },
});
