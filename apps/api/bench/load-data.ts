/**
 * The load bench's data (load.ts): 10 000 initiatives under one grant, 30 000 activities,
 * `payments` payments spread over them, and one reader without roles who logs in.
 */
import pg from 'pg';
import { hashPassword } from '../src/lib/passwords';

export const READER = { email: 'lezer@bench.example', password: 'bench-lezer-wachtwoord' };

export async function seedLoadData(databaseUrl: string, payments: number) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const start = performance.now();
  await client
    .query(
      `
    insert into users (email, password_hash, first_name, last_name)
      values ('${READER.email}', '${await hashPassword(READER.password)}', 'Lezer', 'Bench');
    insert into funders (name, url) values ('Fonds', 'https://fonds.example');
    insert into regulations (funder_id, name, description) values (1, 'Regeling', 'Tekst');
    insert into grants (regulation_id, name, reference, budget_cents)
      values (1, 'Beschikking', 'B-1', 100000000);
    insert into initiatives (grant_id, name, description, purpose, target_audience, budget_cents)
      select 1, 'Initiatief ' || g, 'Beschrijving ' || g, 'Doel', 'Buurt', 500000
      from generate_series(1, 10000) g;
    insert into activities (initiative_id, name, description, purpose, target_audience, budget_cents)
      select i.id, 'Activiteit ' || a, 'Beschrijving', 'Doel', 'Buurt', 100000
      from initiatives i cross join generate_series(1, 3) a;
    with acts as (
      select id, initiative_id, (row_number() over (order by id) - 1)::int as k from activities),
    n as (select count(*)::int as c from acts)
    insert into payments (type, amount_cents, booking_date, route, initiative_id, activity_id)
      select 'handmatig', case when g % 4 = 0 then 25000 else -(g % 9000) - 1 end,
        now() - (g || ' minutes')::interval,
        case when g % 4 = 0 then 'inkomen' else 'uitgaven' end,
        acts.initiative_id, case when g % 3 = 0 then null else acts.id end
      from generate_series(1, ${payments}) g cross join n join acts on acts.k = g % n.c;`,
    )
    // What autovacuum would have done by the time the tables have grown this much.
    .then(() => client.query('vacuum analyze'))
    .finally(() => client.end());
  console.log(
    `\nload: 10000 initiatives, ${payments} payments (seeded in ${Math.round(performance.now() - start)} ms)`,
  );
}
