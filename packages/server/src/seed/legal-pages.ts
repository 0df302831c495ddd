import { legalPageType, type PagesMap } from '@plaza/contract';
import type { Db } from '../db/client';
import { createPage } from '../modules/pages';

interface LegalText {
  title: string;
  content: string;
}

const demoNote = {
  de_DE: '<p><em>Demotext: Ihr Unternehmen ersetzt ihn durch seinen eigenen.</em></p>',
  en_GB: '<p><em>Demo text: your company replaces it with its own.</em></p>',
};

/**
 * The demo deployment's legal pages, written in German with an English translation; stored in this order,
 * so on a fresh database they get the ids 1 to 4 of the demo settings' pages map.
 */
const legalTexts: Record<
  'terms' | 'imprint' | 'privacy' | 'q_and_a',
  { de_DE: LegalText; en_GB: LegalText }
> = {
  terms: {
    de_DE: {
      title: 'Nutzungsbedingungen',
      content: `${demoNote.de_DE}
<h2>1. Geltungsbereich</h2>
<p>Diese Bedingungen gelten für die Nutzung von Plaza, dem Intranet der Nordlicht GmbH, durch alle Mitarbeiterinnen und Mitarbeiter.</p>
<h2>2. Ihr Konto</h2>
<p>Bitte halten Sie Ihr Passwort geheim und geben Sie Ihr Konto nicht an andere weiter.</p>
<h2>3. Inhalte</h2>
<p>Sie sind für Ihre Beiträge verantwortlich. Bitte veröffentlichen Sie keine vertraulichen Kundendaten und gehen Sie respektvoll miteinander um.</p>
<h2>4. Vertraulichkeit</h2>
<p>Inhalte in Plaza sind intern. Geben Sie sie nicht ohne Zustimmung nach außen weiter.</p>`,
    },
    en_GB: {
      title: 'Terms of use',
      content: `${demoNote.en_GB}
<h2>1. Scope</h2>
<p>These terms apply to every employee using Plaza, the intranet of Nordlicht GmbH.</p>
<h2>2. Your account</h2>
<p>Please keep your password secret and do not share your account with others.</p>
<h2>3. Content</h2>
<p>You are responsible for your posts. Please do not publish confidential customer data, and treat each other with respect.</p>
<h2>4. Confidentiality</h2>
<p>Content in Plaza is internal. Do not pass it on outside the company without consent.</p>`,
    },
  },
  imprint: {
    de_DE: {
      title: 'Impressum',
      content: `${demoNote.de_DE}
<h2>Angaben gemäß § 5 DDG</h2>
<p>Nordlicht GmbH<br>Hafenstraße 12<br>20457 Hamburg</p>
<p>Vertreten durch die Geschäftsführerin Dr. Helga Nordmann</p>
<h2>Kontakt</h2>
<p>Telefon: 040 123 456 0<br>E-Mail: kontakt@nordlicht.example</p>
<h2>Registereintrag</h2>
<p>Amtsgericht Hamburg, HRB 123456<br>Umsatzsteuer-Identifikationsnummer: DE123456789</p>`,
    },
    en_GB: {
      title: 'Imprint',
      content: `${demoNote.en_GB}
<h2>Information under section 5 DDG</h2>
<p>Nordlicht GmbH<br>Hafenstraße 12<br>20457 Hamburg, Germany</p>
<p>Represented by the managing director Dr Helga Nordmann</p>
<h2>Contact</h2>
<p>Phone: +49 40 123 456 0<br>Email: kontakt@nordlicht.example</p>
<h2>Register entry</h2>
<p>Hamburg Local Court, HRB 123456<br>VAT identification number: DE123456789</p>`,
    },
  },
  privacy: {
    de_DE: {
      title: 'Datenschutzerklärung',
      content: `${demoNote.de_DE}
<h2>Wer ist verantwortlich?</h2>
<p>Verantwortlich für die Verarbeitung Ihrer Daten in Plaza ist die Nordlicht GmbH (siehe Impressum). Unseren Datenschutzbeauftragten erreichen Sie unter datenschutz@nordlicht.example.</p>
<h2>Welche Daten verarbeiten wir?</h2>
<p>Ihre Profilangaben, Ihre Beiträge, Kommentare und Likes, Ihre Gruppenmitgliedschaften sowie technische Daten Ihrer Anmeldung (Sitzung, IP-Adresse, Zeitpunkt).</p>
<h2>Wozu?</h2>
<p>Um Ihnen das Intranet bereitzustellen und die Zusammenarbeit im Unternehmen zu ermöglichen (Art. 6 Abs. 1 lit. b und f DSGVO).</p>
<h2>Ihre Rechte</h2>
<p>Sie haben das Recht auf Auskunft, Berichtigung, Löschung, Einschränkung der Verarbeitung, Datenübertragbarkeit und Widerspruch. Sie können sich außerdem bei einer Aufsichtsbehörde beschweren.</p>`,
    },
    en_GB: {
      title: 'Privacy policy',
      content: `${demoNote.en_GB}
<h2>Who is responsible?</h2>
<p>Nordlicht GmbH (see the imprint) is responsible for processing your data in Plaza. You can reach our data protection officer at datenschutz@nordlicht.example.</p>
<h2>Which data do we process?</h2>
<p>Your profile details, your posts, comments and likes, your group memberships and technical data of your sign-in (session, IP address, time).</p>
<h2>What for?</h2>
<p>To provide the intranet to you and to make working together in the company possible (Art. 6(1)(b) and (f) GDPR).</p>
<h2>Your rights</h2>
<p>You have the right of access, rectification, erasure, restriction of processing, data portability and objection. You may also complain to a supervisory authority.</p>`,
    },
  },
  q_and_a: {
    de_DE: {
      title: 'Fragen und Antworten',
      content: `${demoNote.de_DE}
<h2>Wie ändere ich mein Passwort?</h2>
<p>Öffnen Sie die Einstellungen über das Zahnrad und wählen Sie „Passwort ändern“.</p>
<h2>Wie trete ich einer Gruppe bei?</h2>
<p>Öffnen Sie „Gruppen“, wählen Sie eine öffentliche Gruppe und klicken Sie auf „Beitreten“.</p>
<h2>Wen frage ich bei Problemen?</h2>
<p>Schreiben Sie an it-service@nordlicht.example.</p>`,
    },
    en_GB: {
      title: 'Questions and answers',
      content: `${demoNote.en_GB}
<h2>How do I change my password?</h2>
<p>Open the settings with the gear icon and choose "Change password".</p>
<h2>How do I join a group?</h2>
<p>Open "Groups", pick a public group and click "Join".</p>
<h2>Whom do I ask when something does not work?</h2>
<p>Write to it-service@nordlicht.example.</p>`,
    },
  },
};

/** Stores the demo legal pages (public, German with English) and returns their ids for the pages map. */
export async function seedLegalPages(db: Db): Promise<Pick<PagesMap, keyof typeof legalTexts>> {
  const ids: Partial<Record<keyof typeof legalTexts, number>> = {};
  for (const [type, text] of Object.entries(legalTexts) as [
    keyof typeof legalTexts,
    (typeof legalTexts)['terms'],
  ][]) {
    ids[type] = await createPage(db, {
      type: legalPageType,
      title: text.de_DE.title,
      content: text.de_DE.content,
      visibility: 'all',
      translations: { en_GB: text.en_GB },
    });
  }
  return ids as Record<keyof typeof legalTexts, number>;
}
