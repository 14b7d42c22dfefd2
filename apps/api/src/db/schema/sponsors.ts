import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users';

export const funders = pgTable(
  'funders',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    url: text('url').notNull(),
    /** The logo's storage key (lib/pictures: original and thumbnails), null without one. */
    logoKey: text('logo_key'),
  },
  (t) => [uniqueIndex('funders_name_lower_idx').on(sql`lower(${t.name})`)],
);

export const regulations = pgTable(
  'regulations',
  {
    id: serial('id').primaryKey(),
    funderId: integer('funder_id')
      .notNull()
      .references(() => funders.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull(),
    /**
     * Its grants' expenses are reviewed by the funder: approved or rejected one by one
     * (docs/api-rules.md §20).
     */
    reviewEnabled: boolean('review_enabled').notNull().default(false),
  },
  (t) => [uniqueIndex('regulations_funder_name_idx').on(t.funderId, sql`lower(${t.name})`)],
);

export const regulationOfficers = pgTable(
  'regulation_officers',
  {
    regulationId: integer('regulation_id')
      .notNull()
      .references(() => regulations.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['grant officer', 'policy officer'] }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.regulationId, t.role, t.userId] }),
    index('regulation_officers_user_idx').on(t.userId),
  ],
);

export const grants = pgTable(
  'grants',
  {
    id: serial('id').primaryKey(),
    regulationId: integer('regulation_id')
      .notNull()
      .references(() => regulations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    reference: text('reference').notNull(),
    budgetCents: bigint('budget_cents', { mode: 'number' }).notNull(),
    verantwoordelijk: text('verantwoordelijk'),
    verantwoordelijkheid: text('verantwoordelijkheid'),
  },
  (t) => [
    uniqueIndex('grants_regulation_name_idx').on(t.regulationId, sql`lower(${t.name})`),
    uniqueIndex('grants_reference_lower_idx').on(sql`lower(${t.reference})`),
  ],
);

export const grantOverseers = pgTable(
  'grant_overseers',
  {
    grantId: integer('grant_id')
      .notNull()
      .references(() => grants.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.grantId, t.userId] }),
    index('grant_overseers_user_idx').on(t.userId),
  ],
);
