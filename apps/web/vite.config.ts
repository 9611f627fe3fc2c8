import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv } from 'vite';
import buildTargets from './src/config/build-targets.json' with { type: 'json' };

// Node-side build configuration. The app itself reads its settings only in src/config/env.ts.
export default defineConfig(({ mode }) => {
  const fileEnv = loadEnv(mode, process.cwd(), 'VITE_');
  const target = process.env.VITE_BUILD_TARGET || fileEnv.VITE_BUILD_TARGET || 'admin';
  if (!buildTargets.includes(target)) {
    throw new Error(`VITE_BUILD_TARGET must be one of ${buildTargets.join(', ')}; got "${target}"`);
  }
  return {
    plugins: [react(), tailwindcss()],
    build: {
      outDir: `dist/${target}`,
      emptyOutDir: true,
      // .vite/manifest.json maps each route module to its chunks; the bundle-size check reads it.
      manifest: true,
      target: 'es2022',
    },
    server: { port: target.includes('admin') ? 3000 : 3001 },
    preview: { port: target.includes('admin') ? 3000 : 3001 },
  };
});
