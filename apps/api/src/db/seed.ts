import { randomBytes } from 'node:crypto';
import { count, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Role } from '@helder/shared/permissions';
import { isLoopbackHost, persistentSecret, type Config } from '../config/env';
import { audit } from '../lib/audit';
import { hashPassword, verifyPassword } from '../lib/passwords';
import type { Db, Tx } from './client';
import { seedInitiatives } from './seed-initiatives';
import { seedCovers } from './seed-covers';
import { seedLogos } from './seed-logos';
import { seedMedia } from './seed-media';
import { seedPayments } from './seed-payments';
import { seedReviews } from './seed-reviews';
import { seedStatements } from './seed-statements';
import type { Storage } from '../lib/storage';
import { seedSponsors } from './seed-sponsors';
import { users } from './schema';

/**
 * The published demo password (the README names it): the demo accounts have it only while the
 * server listens on loopback, where nobody else can try it.
 */
export const DEMO_PASSWORD = 'helder-demo';

/**
 * The demo accounts' password for a server listening on `config.host`: the published one on
 * loopback, for a quick local try; beyond it, where anyone who read the README could log in as
 * the super administrator, one generated for the data directory and kept there (mode 0600), so
 * every start prints the same.
 */
export function demoPassword(config: Pick<Config, 'host' | 'dataDir'>): string {
  if (isLoopbackHost(config.host)) return DEMO_PASSWORD;
  return persistentSecret(config.dataDir, 'demo_password', () =>
    randomBytes(15).toString('base64url'),
  );
}

interface DemoUser {
  /** Stable handle for later seed steps that link scoped roles (e.g. `grantOfficer`). */
  key: string;
  email: string;
  /** What the account is for, shown in the start-up table. */
  description: string;
  firstName: string;
  lastName: string;
  biography: string;
  role: Role;
  isSuperuser?: boolean;
  hidden?: boolean;
  isActive?: boolean;
}

const DEMO_USERS: DemoUser[] = [
  {
    key: 'superuser',
    email: 'super@helder.demo',
    description: 'Super beheerder (alles, ook andere beheerders)',
    firstName: 'Sanne',
    lastName: 'Visser',
    biography: 'Functioneel beheerder van Helder bij de gemeente. Houdt van heldere processen.',
    role: 'administrator',
    isSuperuser: true,
  },
  {
    key: 'administrator',
    email: 'beheer@helder.demo',
    description: 'Beheerder',
    firstName: 'Mark',
    lastName: 'de Boer',
    biography: 'Applicatiebeheerder en eerste aanspreekpunt voor nieuwe gebruikers.',
    role: 'administrator',
  },
  {
    key: 'financial',
    email: 'financieel@helder.demo',
    description: 'Financieel (leest alle betalingen, wijzigt niets)',
    firstName: 'Fatima',
    lastName: 'El Amrani',
    biography: 'Controller bij het fonds. Kijkt mee of elke euro goed besteed wordt.',
    role: 'financial',
  },
  {
    key: 'grantOfficer',
    email: 'subsidie@helder.demo',
    description: 'Subsidiemedewerker van een regeling',
    firstName: 'Joost',
    lastName: 'Bakker',
    biography: 'Subsidieadviseur sociaal domein. Beoordeelt aanvragen en begeleidt initiatieven.',
    role: 'user',
  },
  {
    key: 'policyOfficer',
    email: 'beleid@helder.demo',
    description: 'Beleidsmedewerker van een regeling',
    firstName: 'Ingrid',
    lastName: 'Mulder',
    biography: 'Beleidsmedewerker leefbaarheid en participatie in de wijken.',
    role: 'user',
  },
  {
    key: 'overseer',
    email: 'penvoerder@helder.demo',
    description: 'Penvoerder van een beschikking',
    firstName: 'Ruben',
    lastName: 'Smit',
    biography: 'Penvoerder namens de wijkraad. Beheert het budget van de buurtinitiatieven.',
    role: 'user',
  },
  {
    key: 'initiativeOwner',
    email: 'initiatief@helder.demo',
    description: 'Initiatiefnemer',
    firstName: 'Noor',
    lastName: 'Jansen',
    biography: 'Trekker van de buurtmoestuin en de jaarlijkse straatbarbecue.',
    role: 'user',
  },
  {
    key: 'activityOwner',
    email: 'activiteit@helder.demo',
    description: 'Activiteitnemer',
    firstName: 'Daan',
    lastName: 'Hendriks',
    biography: 'Organiseert de kookworkshops in het buurthuis.',
    role: 'user',
  },
  ...[
    ['Lotte', 'Dekker', 'Vrijwilliger bij de voedselbank en fanatiek hardloper.'],
    ['Sem', 'van Dijk', 'Student bestuurskunde, loopt stage bij de gemeente.'],
    ['Emma', 'Bos', 'Buurtbewoner en voorzitter van de speeltuinvereniging.'],
    ['Milan', 'Peters', 'Jongerenwerker in Noord. Zet zich in voor sport op straat.'],
    ['Yara', 'Koster', 'Kunstenaar; maakt muurschilderingen met kinderen uit de wijk.'],
    ['Bram', 'de Jong', 'Gepensioneerd timmerman, repareert alles in het repaircafé.'],
  ].map(([firstName, lastName, biography]): DemoUser => ({
    key: `user${firstName}`,
    email: `${firstName!.toLowerCase()}@helder.demo`,
    description: 'Gebruiker',
    firstName: firstName!,
    lastName: lastName!,
    biography: biography!,
    role: 'user',
  })),
  {
    key: 'hiddenUser',
    email: 'julia@helder.demo',
    description: 'Gebruiker, verborgen (alleen beheerders zien haar)',
    firstName: 'Julia',
    lastName: 'Kok',
    biography: 'Werkt liever op de achtergrond aan de administratie van het wijkfonds.',
    role: 'user',
    hidden: true,
  },
  {
    key: 'inactiveUser',
    email: 'thijs@helder.demo',
    description: 'Gebruiker, inactief (kan niet inloggen)',
    firstName: 'Thijs',
    lastName: 'Meijer',
    biography: 'Was penningmeester van de bewonersvereniging; inmiddels verhuisd.',
    role: 'user',
    isActive: false,
  },
];

/** The demo accounts as printed at start (e-mail, what it is for). */
export const DEMO_ACCOUNTS = DEMO_USERS.map((u) => ({
  email: u.email,
  description: u.description,
}));

/** A plain-text table of the demo accounts with their `password`, for the console. */
export function demoAccountsTable(password: string): string {
  const rows = [
    ['E-mail', 'Rol', 'Wachtwoord'],
    ...DEMO_ACCOUNTS.map((a) => [a.email, a.description, password]),
  ];
  const widths = [0, 1, 2].map((i) => Math.max(...rows.map((r) => r[i]!.length)));
  const line = (r: string[]) => `  ${r.map((c, i) => c.padEnd(widths[i]!)).join('  ')}`.trimEnd();
  const rule = `  ${widths.map((w) => '-'.repeat(w)).join('  ')}`;
  return [
    'Demo accounts (SEED_DEMO=true; set SEED_DEMO=false for a real installation):',
    line(rows[0]!),
    rule,
    ...rows.slice(1).map(line),
  ].join('\n');
}

/** Inserts the demo users; returns their ids by key for later seed steps. */
async function seedUsers(tx: Tx, password: string): Promise<Record<string, number>> {
  const hashes = await Promise.all(DEMO_USERS.map(() => hashPassword(password)));
  const rows = await tx
    .insert(users)
    .values(
      DEMO_USERS.map((u, i) => ({
        email: u.email,
        passwordHash: hashes[i]!,
        firstName: u.firstName,
        lastName: u.lastName,
        biography: u.biography,
        role: u.role,
        isSuperuser: u.isSuperuser ?? false,
        hidden: u.hidden ?? false,
        isActive: u.isActive ?? true,
        isVerified: true,
      })),
    )
    .returning({ id: users.id, email: users.email });
  const ids: Record<string, number> = {};
  for (const row of rows) {
    const demo = DEMO_USERS.find((u) => u.email === row.email)!;
    ids[demo.key] = row.id;
    await audit(tx, { actorId: null, entityClass: 'User', entityId: row.id, action: 'create' });
  }
  return ids;
}

/**
 * A data directory seeded while the server listened on loopback keeps the published password;
 * once it listens beyond, every demo account that still has it gets `password` instead, and the
 * tokens issued before stop working (as after any password change).
 */
async function retirePublishedPassword(db: Db, password: string): Promise<number> {
  const demo = await db
    .select({ id: users.id, passwordHash: users.passwordHash })
    .from(users)
    .where(
      inArray(
        sql`lower(${users.email})`,
        DEMO_USERS.map((u) => u.email),
      ),
    );
  const checks = await Promise.all(demo.map((u) => verifyPassword(u.passwordHash, DEMO_PASSWORD)));
  const published = demo.filter((_, i) => checks[i]);
  if (published.length === 0) return 0;
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    for (const user of published) {
      await tx
        .update(users)
        .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1` })
        .where(eq(users.id, user.id));
      await audit(tx, {
        actorId: null,
        entityClass: 'User',
        entityId: user.id,
        action: 'update',
        changes: { password: { from: '***', to: '***' } },
      });
    }
  });
  return published.length;
}

/**
 * Demo data on the first start (an empty users table), in one transaction; a later start seeds
 * nothing, but still takes the published password away when the server listens beyond loopback.
 * Features add their own steps here, using the user ids by key.
 */
export async function seedDemo({
  db,
  log,
  config,
  storage,
}: {
  db: Db;
  log: FastifyBaseLogger;
  config: Config;
  storage: Storage;
}) {
  const password = demoPassword(config);
  const seeded = await db.transaction(async (tx) => {
    // Several API instances on one Postgres may start at once: only one seeds.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('helder:seed-demo'))`);
    const [existing] = await tx.select({ n: count() }).from(users);
    if ((existing?.n ?? 0) > 0) return false;
    const userIds = await seedUsers(tx, password);
    await seedSponsors(tx, userIds);
    await seedInitiatives(tx, userIds);
    await seedPayments(tx, userIds, new Date());
    await seedStatements(tx, userIds, new Date());
    await seedMedia(tx, storage);
    await seedReviews(tx, userIds, new Date());
    await seedCovers(tx, storage);
    await seedLogos(tx, storage);
    return true;
  });
  if (seeded) log.info(`demo data created (${DEMO_USERS.length} users)`);
  if (password !== DEMO_PASSWORD) {
    const retired = await retirePublishedPassword(db, password);
    if (retired > 0) log.warn(`${retired} demo accounts had the published password; replaced`);
  }
  return seeded;
}
