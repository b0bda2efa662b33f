import { COMPANY } from './company.ts';
import type { Lang } from './email-parts.ts';

/**
 * The withdrawal information (Anlage 1 zu Art. 246a § 1 Abs. 2 Satz 2 EGBGB) and the model
 * withdrawal form (Anlage 2) as the order confirmation e-mail carries them, on a durable medium
 * (§ 312f (2) BGB, docs/adr/0025). The words are those of the storefront's /withdrawal page
 * (src/features/content/WithdrawalView.tsx and its catalogues): German in the statutory wording
 * (its "Sie"), English in that of Directive 2011/83/EU, Annex I. The functions cannot read the
 * storefront's catalogues, so the words are written here a second time; tests/web/withdrawal-drift.test.tsx
 * renders the page in both languages and fails when the two differ. Change both together.
 */

/** A heading and its paragraphs. */
export interface WithdrawalSection {
  heading: string;
  paragraphs: string[];
}

export interface WithdrawalInformation {
  /** "Withdrawal information" / "Widerrufsbelehrung". */
  heading: string;
  /** Right of withdrawal; effects of withdrawal. */
  sections: WithdrawalSection[];
  /** Anlage 2: the note above it, its lines (each a dash in the statute), the footnote. */
  form: { heading: string; intro: string; lines: string[]; note: string };
}

/** The seller as the model fills it in (Gestaltungshinweis 2): name and address; e-mail and phone follow in the text. */
const SELLER = `${COMPANY.name}, ${COMPANY.street}, ${COMPANY.postcode} ${COMPANY.city}`;
/** The withdrawal function on our website (Gestaltungshinweis 3), written as the page writes it. */
const WEBSITE = `${COMPANY.website}/withdraw`;
const { email: EMAIL, phone: PHONE } = COMPANY;

export const WITHDRAWAL_INFORMATION: Record<Lang, WithdrawalInformation> = {
  en: {
    heading: 'Withdrawal information',
    sections: [
      {
        heading: 'Right of withdrawal',
        paragraphs: [
          'You have the right to withdraw from this contract within 14 days without giving any reason.',
          'The withdrawal period will expire after 14 days from the day on which you acquire, or a third party other than the carrier and indicated by you acquires, physical possession of the goods.',
          'In the case of a contract relating to multiple goods ordered by you in one order and delivered separately, the withdrawal period will expire after 14 days from the day on which you acquire, or a third party other than the carrier and indicated by you acquires, physical possession of the last good.',
          `To exercise the right of withdrawal, you must inform us (${SELLER}, email: ${EMAIL}, phone: ${PHONE}) of your decision to withdraw from this contract by an unequivocal statement (e.g. a letter sent by post or e-mail). You may use the attached model withdrawal form, but it is not obligatory.`,
          `You can also electronically fill in and submit the model withdrawal form or any other unequivocal statement on our website (${WEBSITE}). If you use this option, we will communicate to you an acknowledgement of receipt of such a withdrawal on a durable medium (e.g. by e-mail) without delay.`,
          'To meet the withdrawal deadline, it is sufficient for you to send your communication concerning your exercise of the right of withdrawal before the withdrawal period has expired.',
        ],
      },
      {
        heading: 'Effects of withdrawal',
        paragraphs: [
          'If you withdraw from this contract, we shall reimburse to you all payments received from you, including the costs of delivery (with the exception of the supplementary costs resulting from your choice of a type of delivery other than the least expensive type of standard delivery offered by us), without undue delay and in any event not later than 14 days from the day on which we are informed about your decision to withdraw from this contract. We will carry out such reimbursement using the same means of payment as you used for the initial transaction, unless you have expressly agreed otherwise; in any event, you will not incur any fees as a result of such reimbursement.',
          'We may withhold reimbursement until we have received the goods back or you have supplied evidence of having sent back the goods, whichever is the earliest.',
          'You shall send back the goods or hand them over to us without undue delay and in any event not later than 14 days from the day on which you communicate your withdrawal from this contract to us. The deadline is met if you send back the goods before the period of 14 days has expired.',
          'We will bear the cost of returning the goods.',
          'You are only liable for any diminished value of the goods resulting from the handling other than what is necessary to establish the nature, characteristics and functioning of the goods.',
        ],
      },
    ],
    form: {
      heading: 'Model withdrawal form',
      intro: '(complete and return this form only if you wish to withdraw from the contract)',
      lines: [
        `To ${SELLER}, email: ${EMAIL}:`,
        'I/We (*) hereby give notice that I/We (*) withdraw from my/our (*) contract of sale of the following goods (*)/for the provision of the following service (*)',
        'Ordered on (*)/received on (*)',
        'Name of consumer(s)',
        'Address of consumer(s)',
        'Signature of consumer(s) (only if this form is notified on paper)',
        'Date',
      ],
      note: '(*) Delete as appropriate.',
    },
  },
  de: {
    heading: 'Widerrufsbelehrung',
    sections: [
      {
        heading: 'Widerrufsrecht',
        paragraphs: [
          'Sie haben das Recht, binnen vierzehn Tagen ohne Angabe von Gründen diesen Vertrag zu widerrufen.',
          'Die Widerrufsfrist beträgt vierzehn Tage ab dem Tag, an dem Sie oder ein von Ihnen benannter Dritter, der nicht der Beförderer ist, die Waren in Besitz genommen haben bzw. hat.',
          'Im Falle eines Vertrags über mehrere Waren, die Sie im Rahmen einer einheitlichen Bestellung bestellt haben und die getrennt geliefert werden, beträgt die Widerrufsfrist vierzehn Tage ab dem Tag, an dem Sie oder ein von Ihnen benannter Dritter, der nicht der Beförderer ist, die letzte Ware in Besitz genommen haben bzw. hat.',
          `Um Ihr Widerrufsrecht auszuüben, müssen Sie uns (${SELLER}, E-Mail: ${EMAIL}, Telefon: ${PHONE}) mittels einer eindeutigen Erklärung (z. B. ein mit der Post versandter Brief oder E-Mail) über Ihren Entschluss, diesen Vertrag zu widerrufen, informieren. Sie können dafür das beigefügte Muster-Widerrufsformular verwenden, das jedoch nicht vorgeschrieben ist.`,
          `Sie können das Muster-Widerrufsformular oder eine andere eindeutige Erklärung auch auf unserer Webseite (${WEBSITE}) elektronisch ausfüllen und übermitteln. Machen Sie von dieser Möglichkeit Gebrauch, so werden wir Ihnen unverzüglich (z. B. per E-Mail) eine Bestätigung über den Eingang eines solchen Widerrufs übermitteln.`,
          'Zur Wahrung der Widerrufsfrist reicht es aus, dass Sie die Mitteilung über die Ausübung des Widerrufsrechts vor Ablauf der Widerrufsfrist absenden.',
        ],
      },
      {
        heading: 'Folgen des Widerrufs',
        paragraphs: [
          'Wenn Sie diesen Vertrag widerrufen, haben wir Ihnen alle Zahlungen, die wir von Ihnen erhalten haben, einschließlich der Lieferkosten (mit Ausnahme der zusätzlichen Kosten, die sich daraus ergeben, dass Sie eine andere Art der Lieferung als die von uns angebotene, günstigste Standardlieferung gewählt haben), unverzüglich und spätestens binnen vierzehn Tagen ab dem Tag zurückzuzahlen, an dem die Mitteilung über Ihren Widerruf dieses Vertrags bei uns eingegangen ist. Für diese Rückzahlung verwenden wir dasselbe Zahlungsmittel, das Sie bei der ursprünglichen Transaktion eingesetzt haben, es sei denn, mit Ihnen wurde ausdrücklich etwas anderes vereinbart; in keinem Fall werden Ihnen wegen dieser Rückzahlung Entgelte berechnet.',
          'Wir können die Rückzahlung verweigern, bis wir die Waren wieder zurückerhalten haben oder bis Sie den Nachweis erbracht haben, dass Sie die Waren zurückgesandt haben, je nachdem, welches der frühere Zeitpunkt ist.',
          'Sie haben die Waren unverzüglich und in jedem Fall spätestens binnen vierzehn Tagen ab dem Tag, an dem Sie uns über den Widerruf dieses Vertrags unterrichten, an uns zurückzusenden oder zu übergeben. Die Frist ist gewahrt, wenn Sie die Waren vor Ablauf der Frist von vierzehn Tagen absenden.',
          'Wir tragen die Kosten der Rücksendung der Waren.',
          'Sie müssen für einen etwaigen Wertverlust der Waren nur aufkommen, wenn dieser Wertverlust auf einen zur Prüfung der Beschaffenheit, Eigenschaften und Funktionsweise der Waren nicht notwendigen Umgang mit ihnen zurückzuführen ist.',
        ],
      },
    ],
    form: {
      heading: 'Muster-Widerrufsformular',
      intro: '(Wenn Sie den Vertrag widerrufen wollen, dann füllen Sie bitte dieses Formular aus und senden Sie es zurück.)',
      lines: [
        `An ${SELLER}, E-Mail: ${EMAIL}:`,
        'Hiermit widerrufe(n) ich/wir (*) den von mir/uns (*) abgeschlossenen Vertrag über den Kauf der folgenden Waren (*)/die Erbringung der folgenden Dienstleistung (*)',
        'Bestellt am (*)/erhalten am (*)',
        'Name des/der Verbraucher(s)',
        'Anschrift des/der Verbraucher(s)',
        'Unterschrift des/der Verbraucher(s) (nur bei Mitteilung auf Papier)',
        'Datum',
      ],
      note: '(*) Unzutreffendes streichen.',
    },
  },
};

/** Every heading and paragraph in reading order, as the page shows them: what the drift test compares. */
export function withdrawalBlocks(lang: Lang): string[] {
  const info = WITHDRAWAL_INFORMATION[lang];
  return [info.heading, ...info.sections.flatMap((section) => [section.heading, ...section.paragraphs]), info.form.heading, info.form.intro, ...info.form.lines, info.form.note];
}
