import { defineConfig } from 'drizzle-kit';

// Only `drizzle-kit generate` uses this (it reads the schema, never a database).
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './drizzle',
});
