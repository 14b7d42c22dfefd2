import { composeMail as mail } from '../../lib/mail';

export const invitationMail = (to: string, link: string) =>
  mail(
    to,
    'Je bent uitgenodigd voor Helder',
    [
      'Hallo,',
      'Er is een account voor je aangemaakt op Helder. Stel via de link hieronder je wachtwoord in; de link is 7 dagen geldig.',
    ],
    link,
    'Wachtwoord instellen',
  );

export const resetMail = (to: string, link: string) =>
  mail(
    to,
    'Wachtwoord opnieuw instellen',
    [
      'Hallo,',
      'Je hebt gevraagd om je wachtwoord opnieuw in te stellen. De link hieronder is 1 uur geldig en werkt één keer.',
      'Heb je dit niet gevraagd? Dan kun je deze e-mail negeren.',
    ],
    link,
    'Nieuw wachtwoord instellen',
  );
