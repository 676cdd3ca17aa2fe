import { sql, type Kysely } from 'kysely';

// Databases seeded before the seed's replies fitted the rating hold a cheerful canned reply
// ("Merci pour votre confiance…") under reviews of 1 to 3 stars. Such a reply is rewritten with
// one of the seed's replies for a mixed or bad review, in the review's language. Only replies
// equal to a canned text of the seed are touched: a reply an agency wrote stays as it is.
// The texts are copied here (a migration stays as it ran); they match tools/seed/phrases.ts.

/** The seed's replies of thanks, past and present, by language. */
export const CHEERFUL_SEED_REPLIES: Readonly<Record<'fr' | 'en', readonly string[]>> = {
  fr: [
    'Merci pour votre confiance et pour ce retour, au plaisir de vous accompagner à nouveau.',
    'Merci pour votre message. Nous prenons bonne note de vos remarques pour améliorer notre suivi.',
    'Merci pour votre message : toute l’équipe est ravie d’avoir pu vous accompagner.',
    'Toute l’équipe vous remercie et vous souhaite beaucoup de bonheur dans votre nouvelle demeure.',
  ],
  en: [
    'Thank you for your trust and your feedback; we look forward to helping you again.',
    'Thank you for your message. We have taken note of your comments to improve our follow-up.',
    'Thank you for your message: the whole team is delighted to have been of help.',
    'The whole team thanks you and wishes you every happiness in your new home.',
  ],
};

/** The seed's replies under a mixed or bad review (1 to 3 stars), by language. */
export const CRITICAL_SEED_REPLIES: Readonly<Record<'fr' | 'en', readonly string[]>> = {
  fr: [
    'Nous regrettons que notre accompagnement n’ait pas été à la hauteur de vos attentes. Nous prenons bonne note de vos remarques pour améliorer notre suivi.',
    'Merci d’avoir pris le temps de nous écrire. Nous sommes désolés de ce manque de suivi et souhaitons en parler avec vous : n’hésitez pas à nous appeler.',
    'Nous entendons vos critiques et vous présentons nos excuses. Votre retour a été partagé avec toute l’équipe afin que cela ne se reproduise pas.',
  ],
  en: [
    'We are sorry that our service fell short of your expectations. We have taken note of your comments to improve our follow-up.',
    'Thank you for taking the time to write to us. We apologise for the lack of follow-up and would like to talk it over with you: please do call us.',
    'We hear your criticism and apologise. Your feedback has been shared with the whole team so that this does not happen again.',
  ],
};

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const lang of ['fr', 'en'] as const) {
    const cheerful = CHEERFUL_SEED_REPLIES[lang];
    const critical = CRITICAL_SEED_REPLIES[lang];
    // One of the fitting replies per review, chosen by its id (the same on every database).
    await sql`
      UPDATE reviews
      SET response = (${sql.val(critical)}::text[])[(id % ${critical.length}) + 1]
      WHERE rating <= 3
        AND lang = ${lang}
        AND response = ANY(${sql.val(cheerful)}::text[])`.execute(db);
  }
}

export async function down(): Promise<void> {
  // The cheerful replies are not put back under the critical reviews.
}
