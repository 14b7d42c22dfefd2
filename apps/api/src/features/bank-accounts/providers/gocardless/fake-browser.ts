/**
 * What a user's browser does on the GoCardless fake's consent page: open it, then press
 * 'Toestaan' or 'Annuleren' with the accounts ticked. Returns where the fake sends the browser
 * back to. For tests and scripted demos; it reads the page as served, so a broken page fails it.
 */
export async function answerConsent(
  link: string,
  answer: 'allow' | 'cancel',
  slots?: number[],
): Promise<URL> {
  const page = await fetch(link, { redirect: 'manual' });
  if (page.status === 302) return new URL(page.headers.get('location') ?? '', link);
  if (page.status !== 200) throw new Error(`The consent page answered ${page.status}`);
  const html = await page.text();
  const action = /<form method="post" action="([^"]+)">/.exec(html)?.[1];
  if (!action) throw new Error('The consent page has no form');
  const ticked = [...html.matchAll(/name="account" value="(\d+)" checked/g)].map((m) =>
    Number(m[1]),
  );
  const form = new URLSearchParams({ action: answer });
  for (const slot of slots ?? ticked) form.append('account', String(slot));
  const response = await fetch(new URL(action, link), {
    method: 'POST',
    body: form,
    redirect: 'manual',
  });
  const location = response.headers.get('location');
  if (response.status !== 302 || !location) {
    throw new Error(`The consent form answered ${response.status}`);
  }
  return new URL(location, link);
}
