import type { Country } from '@gerbang/contract';
import type { Database } from '../../db/database';
import { countries } from '../../db/schema';

// The databases' collations differ (PGlite sorts "Åland Islands" after "Zimbabwe"); sorting here
// gives every deployment the same, human order.
const byName = new Intl.Collator('en', { sensitivity: 'base' });

export function createCountriesRepository(db: Database) {
  return {
    /** ~250 rows seeded by a migration (drizzle/0001_seed_countries.sql), ordered by name. */
    async listByName(): Promise<Country[]> {
      const rows = await db.select().from(countries);
      return rows.sort((a, b) => byName.compare(a.name, b.name));
    },
  };
}
