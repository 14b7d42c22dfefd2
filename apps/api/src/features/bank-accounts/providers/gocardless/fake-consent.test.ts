import { describe, expect, it } from 'vitest';
import { answerConsent } from './fake-browser';
import { startFake as start, type Json } from './fake-harness';

/** The GoCardless fake's consent page, seen as a browser sees it. */

describe('the consent page', () => {
  it('is plain Dutch HTML without script or inline style, with labelled accounts and two buttons', async () => {
    const { fake, call, tokens, origin } = await start();
    const { access } = await tokens();
    const requisition = await call(
      'requisitions/',
      {
        method: 'POST',
        json: {
          institution_id: 'ING_INGBNL2A',
          redirect: 'http://helder.test/back',
          user_language: 'NL',
        },
      },
      access,
    );
    const link = requisition.body.link as string;
    expect(link).toBe(`${origin}/bank/psd2/start/${requisition.body.id as string}/ING_INGBNL2A`);

    const page = await fetch(link);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await page.text();
    expect(html).toContain('<html lang="nl">');
    expect(html).toMatch(/<h1>[^<]*ING<\/h1>/);
    expect(html).not.toMatch(/<script|<style|\sstyle=|\son[a-z]+=/i);
    expect(html).toMatch(/<fieldset>\s*<legend>Welke rekeningen wil je delen\?<\/legend>/);
    const boxes = [
      ...html.matchAll(/<input type="checkbox" id="([^"]+)" name="account" value="\d" checked>/g),
    ];
    expect(boxes).toHaveLength(3);
    for (const [, id] of boxes) expect(html).toContain(`<label for="${id}">`);
    expect(html).toContain('<button type="submit" name="action" value="allow">Toestaan</button>');
    expect(html).toContain('<button type="submit" name="action" value="cancel">Annuleren</button>');
    expect(fake.control.requisition(requisition.body.id as string)?.status).toBe('GC');

    const sheet = /<link rel="stylesheet" href="([^"]+)">/.exec(html)![1]!;
    const css = await fetch(new URL(sheet, link));
    expect(css.status).toBe(200);
    expect(css.headers.get('content-type')).toBe('text/css; charset=utf-8');
  });

  it('asks again when no account is ticked, then accepts a choice', async () => {
    const { fake, call, tokens } = await start();
    const { access } = await tokens();
    const requisition = await call(
      'requisitions/',
      {
        method: 'POST',
        json: { institution_id: 'KNAB_KNABNL2H', redirect: 'http://helder.test/back?x=1' },
      },
      access,
    );
    const link = requisition.body.link as string;
    const refused = await fetch(link, {
      method: 'POST',
      body: new URLSearchParams({ action: 'allow' }),
      redirect: 'manual',
    });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain(
      '<p class="error" role="alert">Kies ten minste één rekening',
    );
    const back = await answerConsent(link, 'allow', [0, 2]);
    expect(back.searchParams.get('x')).toBe('1');
    expect(back.searchParams.get('ref')).toBe(requisition.body.reference);
    const linked = fake.control.requisition(requisition.body.id as string)!;
    expect(linked.status).toBe('LN');
    expect(linked.accounts.map((id) => fake.control.ibanOf(id))).toHaveLength(2);
  });

  it("keeps its form parser to itself: the host's forms are parsed as before", async () => {
    const { origin } = await start();
    const response = await fetch(`${origin}/host-form`, {
      method: 'POST',
      body: new URLSearchParams({ a: '1' }),
    });
    expect(await response.json()).toEqual({ body: { a: '1' } });
  });

  it('answers an unknown link with a page saying so', async () => {
    const { origin } = await start();
    const response = await fetch(`${origin}/bank/psd2/start/nope/ING_INGBNL2A`);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('<h1>Deze link bestaat niet</h1>');
  });

  it('builds its URLs from the host the request came to', async () => {
    const { app, tokens } = await start();
    const { access } = await tokens();
    const response = await app.inject({
      method: 'POST',
      url: '/bank/api/v2/requisitions/',
      headers: { host: 'demo.helder.test', authorization: `Bearer ${access}` },
      payload: { institution_id: 'ING_INGBNL2A', redirect: 'http://helder.test/back' },
    });
    const body = response.json<Json>();
    expect(body.link).toBe(
      `http://demo.helder.test/bank/psd2/start/${body.id as string}/ING_INGBNL2A`,
    );
  });
});
