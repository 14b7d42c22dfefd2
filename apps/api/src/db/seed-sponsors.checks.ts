import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Funder } from '@helder/shared/funders';
import type { Grant } from '@helder/shared/grants';
import type { Regulation } from '@helder/shared/regulations';
import type { TestApp } from '../test/app';
import { pictureKeys } from '../lib/pictures';
import { funders as funderRows, grants, regulations, users } from './schema';

let t: TestApp;

const get = <T>(url: string) => t.app.inject({ url: `/api${url}` }).then((r) => r.json<T>());

/** Checks of the demo seed, run on the one seeded database of seed-demo.test.ts. */
export function sponsorsSeeded(seeded: () => { t: TestApp; seededAt: Date }) {
  describe('the demo seed: sponsors', () => {
    beforeAll(() => {
      ({ t } = seeded());
    });

    it('seeds two funders, three regulations and six grants with officers and overseers', async () => {
      const { funders } = await get<{ funders: Funder[] }>('/funders');
      expect(funders.map((f) => [f.name, f.url])).toEqual([
        ['Gemeente Amsterdam', 'https://www.amsterdam.nl'],
        ['Oranje Fonds', 'https://www.oranjefonds.nl'],
      ]);
      expect((await t.database.db.select({ n: count() }).from(regulations))[0]!.n).toBe(3);
      const all = await t.database.db.select().from(grants);
      expect(all).toHaveLength(6);
      for (const g of all) {
        expect(g.budgetCents).toBeGreaterThanOrEqual(500_000);
        expect(g.budgetCents).toBeLessThanOrEqual(25_000_000);
      }
      expect(all.map((g) => g.reference)).toContain('AMS-2026-0142');

      const email = async (address: string) =>
        (
          await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, address))
        )[0]!.id;
      const [amsterdam] = funders;
      const { regulations: list } = await get<{ regulations: Regulation[] }>(
        `/funder/${amsterdam!.id}/regulations`,
      );
      const noord = list.find((r) => r.name === 'Buurtbudget Noord')!;
      const detail = await get<Regulation>(`/funder/${amsterdam!.id}/regulation/${noord.id}`);
      expect(detail.grant_officers.map((o) => o.id)).toEqual([await email('subsidie@helder.demo')]);
      expect(detail.policy_officers.map((o) => o.id)).toEqual([await email('beleid@helder.demo')]);
      const grant = detail.grants.find((g) => g.reference === 'AMS-2026-0142')!;
      const read = await get<Grant>(
        `/funder/${amsterdam!.id}/regulation/${noord.id}/grant/${grant.id}`,
      );
      expect(read.overseers.map((o) => o.id)).toEqual([await email('penvoerder@helder.demo')]);
    });

    it('gives every funder a logo of its own under 50 KB, with thumbnails, served to visitors', async () => {
      const rows = await t.database.db.select({ key: funderRows.logoKey }).from(funderRows);
      expect(rows).toHaveLength(2);
      const originals = new Set<string>();
      for (const { key } of rows) {
        expect(key).toMatch(/^funders\/\d+\/\w+\.png$/);
        for (const k of pictureKeys(key!)) {
          const file = await t.storage.get(k);
          expect(file, k).not.toBeNull();
          expect(file!.length, k).toBeLessThan(50_000);
        }
        originals.add((await t.storage.get(key!))!.toString('base64'));
      }
      expect(originals.size).toBe(rows.length);
      const { funders } = await get<{ funders: Funder[] }>('/funders');
      for (const funder of funders) {
        const url = new URL(funder.logo!.attachment_thumbnail_url_128!);
        const file = await t.app.inject({ url: `${url.pathname}${url.search}` });
        expect(file.statusCode).toBe(200);
        expect(file.headers['content-type']).toBe('image/webp');
      }
    });
  });
}
