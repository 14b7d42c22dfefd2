import { count, eq, isNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Initiative, InitiativeListItem } from '@helder/shared/initiatives';
import type { User } from '@helder/shared/users';
import type { TestApp } from '../test/app';
import { loginRequest } from '../test/http';
import { activities, initiatives, payments, users } from './schema';
import { DEMO_PASSWORD } from './seed';

let t: TestApp;

const get = async <T>(url: string, token?: string) =>
  (
    await t.app.inject({
      url: `/api${url}`,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    })
  ).json<T>();
const login = async (email: string) =>
  (await loginRequest(t, { username: email, password: DEMO_PASSWORD })).json<{
    access_token: string;
  }>().access_token;

/** Checks of the demo seed, run on the one seeded database of seed-demo.test.ts. */
export function initiativesSeeded(seeded: () => { t: TestApp; seededAt: Date }) {
  describe('the demo seed: initiatives', () => {
    beforeAll(() => {
      ({ t } = seeded());
    });

    it('seeds a dozen initiatives across the six grants with activities, owners and payments', async () => {
      const db = t.database.db;
      const all = await db.select().from(initiatives);
      expect(all).toHaveLength(12);
      expect(new Set(all.map((i) => i.grantId)).size).toBe(6);
      expect(all.filter((i) => i.hidden)).toHaveLength(2);
      expect(all.filter((i) => i.hiddenSponsors)).toHaveLength(1);
      for (const i of all) {
        const [n] = await db
          .select({ n: count() })
          .from(activities)
          .where(eq(activities.initiativeId, i.id));
        expect(n!.n).toBeGreaterThanOrEqual(2);
        expect(n!.n).toBeLessThanOrEqual(4);
      }
      // The payments of this step; seed-payments.checks.ts checks those imported from a bank account.
      const rows = await db.select().from(payments).where(isNull(payments.bankAccountId));
      expect(rows.length).toBeGreaterThan(80);
      expect(rows.every((p) => p.type === 'handmatig' && p.amountCents !== 0)).toBe(true);
      expect(rows.every((p) => p.amountCents > 0 === (p.route === 'inkomen'))).toBe(true);
      expect(rows.some((p) => p.hidden)).toBe(true);
      expect(rows.some((p) => p.activityId !== null)).toBe(true);
      expect(rows.every((p) => p.bookingDate.getUTCFullYear() === 2026)).toBe(true);

      const { initiatives: list } = await get<{ initiatives: InitiativeListItem[] }>(
        '/initiatives?limit=100',
      );
      expect(list).toHaveLength(10);
      for (const item of list) {
        expect(item.income).toBeGreaterThan(0);
        expect(item.expenses).toBeLessThan(0);
        expect(item.budget + item.expenses).toBeGreaterThan(0);
      }
      const feest = list.find((i) => i.name === 'Buurtfeest Tuindorp Oostzaan')!;
      const detail = await get<Initiative>(`/initiative/${feest.id}`);
      expect(detail.activities).toHaveLength(3);
      expect(detail.grant?.reference).toBe('AMS-2026-0142');
    });

    it('gives the demo initiative owner several initiatives and the activity owner activities', async () => {
      const token = await login('initiatief@helder.demo');
      const mine = await get<{ initiatives: InitiativeListItem[] }>(
        '/initiatives?only_mine=true',
        token,
      );
      expect(mine.initiatives.length).toBeGreaterThanOrEqual(4);
      const [daan] = await t.database.db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.email, 'activiteit@helder.demo'));
      const profile = await get<User>(`/user/${daan!.id}`);
      expect(profile.activities.length).toBeGreaterThanOrEqual(4);
    });

    it('attaches a real receipt picture and invoice PDF to a demo expense, served by signed URL', async () => {
      const [barbecue] = await t.database.db
        .select({ id: activities.id, initiativeId: activities.initiativeId })
        .from(activities)
        .where(eq(activities.name, 'Buurtbarbecue'));
      const { attachments } = await get<{
        attachments: Array<{ attachment_url: string; attachment_thumbnail_url_256: string | null }>;
      }>(`/initiative/${barbecue!.initiativeId}/activity/${barbecue!.id}/media`);
      expect(attachments).toHaveLength(2);
      const [picture, pdf] = attachments;
      expect(picture!.attachment_thumbnail_url_256).toMatch(/_256\.webp\?/);
      expect(new URL(pdf!.attachment_url).pathname).toMatch(/\.pdf$/);
      expect(pdf!.attachment_thumbnail_url_256).toBeNull();
      const fetchFile = (url: string) => {
        const { pathname, search } = new URL(url);
        return t.app.inject({ url: `${pathname}${search}` });
      };
      for (const url of [picture!.attachment_url, picture!.attachment_thumbnail_url_256!]) {
        expect((await fetchFile(url)).statusCode).toBe(200);
      }
      const file = await fetchFile(pdf!.attachment_url);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('application/pdf');
      expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      // Our own pages may show a file in a frame (the PDF preview); other sites may not.
      expect(file.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    });
  });
}
