import type { MessageDescriptor } from '@lingui/core';

// Every text of the mails the portal sends (alert confirmations, alert digests, the confirmation
// of a professional request), as Lingui message descriptors written without macros: the mails
// are rendered by the listings API, which runs under tsx, where no Babel macro is compiled. Each
// object is marked /*i18n*/ so `lingui extract` collects it into locales/{fr,en}/messages.po;
// `message` is the French source text, with the French typography (a no-break space before : and
// inside « »). The mails' renderers (alerts.ts, prospect.ts) read them from the catalogs at run
// time (shared/catalogs.server.ts); placeholders are filled with plain text, escaped for the HTML
// part.

// Shared by every mail

export const mailHello: MessageDescriptor = /*i18n*/ {
  id: 'mail.hello',
  message: 'Bonjour,',
};
/** A label and its value on one line: 'Téléphone : 06…'. */
export const mailLabelled: MessageDescriptor = /*i18n*/ {
  id: 'mail.labelled',
  message: '{label}\u00a0: {value}',
};
/** A label ending a line, before what it introduces. */
export const mailHeading: MessageDescriptor = /*i18n*/ {
  id: 'mail.heading',
  message: '{label}\u00a0:',
};
/** Quotation marks around a visitor's search. */
export const mailQuoted: MessageDescriptor = /*i18n*/ {
  id: 'mail.quoted',
  message: '«\u00a0{text}\u00a0»',
};
export const mailNotYou: MessageDescriptor = /*i18n*/ {
  id: 'mail.notYou',
  message: 'Si vous n’êtes pas à l’origine de cette demande, ignorez simplement ce message.',
};

// Offers and searches as mails describe them

export const priceOnRequest: MessageDescriptor = /*i18n*/ {
  id: 'mail.price.onRequest',
  message: 'Prix sur demande',
};
export const factRooms: MessageDescriptor = /*i18n*/ {
  id: 'mail.facts.rooms',
  message: '{count, plural, one {#\u00a0pièce} other {#\u00a0pièces}}',
};
export const factBedrooms: MessageDescriptor = /*i18n*/ {
  id: 'mail.facts.bedrooms',
  message: '{count, plural, one {#\u00a0chambre} other {#\u00a0chambres}}',
};
export const factLand: MessageDescriptor = /*i18n*/ {
  id: 'mail.facts.land',
  message: 'terrain de {surface}',
};
/** An asset (atout) a search asks for, by its key. */
export const searchAtout: MessageDescriptor = /*i18n*/ {
  id: 'mail.search.atout',
  message:
    '{atout, select, alarme {Alarme} ascenseur {Ascenseur} balcon {Balcon} box {Box fermé} car {Accès car} cave {Cave} cave_a_vin {Cave à vin} cheminee {Cheminée} climatisation {Climatisation} garage {Garage} grenier {Grenier} hammam {Hammam} interphone {Interphone} jacuzzi {Jacuzzi} jardin {Jardin} parking {Parking} piscine {Piscine} rdc {Plain-pied} sauna {Sauna} sous_sol {Sous-sol} tennis {Court de tennis} terrasse {Terrasse} veranda {Véranda} vigne {Vignes} vue_mer {Vue mer} other {{atout}}}',
};
/** A search on a map area, named by the place nearest its centre. */
export const searchArea: MessageDescriptor = /*i18n*/ {
  id: 'mail.search.area',
  message: 'zone dessinée {place}',
};
export const searchPriceBetween: MessageDescriptor = /*i18n*/ {
  id: 'mail.search.priceBetween',
  message: 'de {min} à {max}',
};
export const searchPriceUpTo: MessageDescriptor = /*i18n*/ {
  id: 'mail.search.priceUpTo',
  message: 'jusqu’à {max}',
};
export const searchPriceFrom: MessageDescriptor = /*i18n*/ {
  id: 'mail.search.priceFrom',
  message: 'à partir de {min}',
};

// The confirmation of a new alert (double opt-in)

export const confirmSubject: MessageDescriptor = /*i18n*/ {
  id: 'mail.alertConfirm.subject',
  message: 'Confirmez votre alerte\u00a0: {search}',
};
export const confirmIntro: MessageDescriptor = /*i18n*/ {
  id: 'mail.alertConfirm.intro',
  comment: '{search} is the search, already in quotation marks',
  message:
    'Vous avez demandé à recevoir par e-mail les nouveaux biens publiés sur {siteName} qui correspondent à votre recherche {search}.',
};
export const confirmOthers: MessageDescriptor = /*i18n*/ {
  id: 'mail.alertConfirm.others',
  comment: 'The searches follow, one a line',
  message: 'Cette confirmation vaut aussi pour vos autres recherches en attente\u00a0:',
};
export const confirmOpenLink: MessageDescriptor = /*i18n*/ {
  id: 'mail.alertConfirm.openLink',
  comment: 'Plain-text part: the link follows on the next line',
  message:
    'Pour activer cette alerte, ouvrez ce lien et confirmez votre adresse e-mail d’un clic sur le bouton de la page\u00a0:',
};
export const confirmOpenPage: MessageDescriptor = /*i18n*/ {
  id: 'mail.alertConfirm.openPage',
  comment: 'HTML part: a button follows',
  message:
    'Pour activer cette alerte, ouvrez la page de confirmation et confirmez votre adresse e-mail d’un clic sur son bouton\u00a0:',
};
export const confirmButton: MessageDescriptor = /*i18n*/ {
  id: 'mail.alertConfirm.button',
  message: 'Confirmer mon alerte',
};
export const confirmCopyLink: MessageDescriptor = /*i18n*/ {
  id: 'mail.alertConfirm.copyLink',
  message: 'Si le bouton ne fonctionne pas, copiez ce lien dans votre navigateur\u00a0:',
};
export const confirmUntil: MessageDescriptor = /*i18n*/ {
  id: 'mail.alertConfirm.until',
  message: 'Tant que vous n’avez pas confirmé, nous ne vous enverrons aucun autre e-mail.',
};
export const confirmCancel: MessageDescriptor = /*i18n*/ {
  id: 'mail.alertConfirm.cancel',
  message: 'Annuler cette demande',
};

// The digest of an alert: new offers and price drops

export const digestSubjectNew: MessageDescriptor = /*i18n*/ {
  id: 'mail.digest.subject.new',
  message:
    '{count, plural, one {# nouveau bien pour votre alerte\u00a0: {search}} other {# nouveaux biens pour votre alerte\u00a0: {search}}}',
};
export const digestSubjectDrops: MessageDescriptor = /*i18n*/ {
  id: 'mail.digest.subject.drops',
  message:
    '{drops, plural, one {# baisse de prix pour votre alerte\u00a0: {search}} other {# baisses de prix pour votre alerte\u00a0: {search}}}',
};
export const digestSubjectBoth: MessageDescriptor = /*i18n*/ {
  id: 'mail.digest.subject.both',
  message:
    '{count, plural, one {# nouveau bien} other {# nouveaux biens}} et {drops, plural, one {# baisse de prix} other {# baisses de prix}} pour votre alerte\u00a0: {search}',
};
export const digestIntroNew: MessageDescriptor = /*i18n*/ {
  id: 'mail.digest.intro.new',
  comment: '{search} is the search, already in quotation marks',
  message:
    '{count, plural, one {Voici le nouveau bien publié sur {siteName} qui correspond à votre recherche {search}\u00a0:} other {Voici les # nouveaux biens publiés sur {siteName} qui correspondent à votre recherche {search}\u00a0:}}',
};
export const digestIntroDrops: MessageDescriptor = /*i18n*/ {
  id: 'mail.digest.intro.drops',
  comment: '{search} is the search, already in quotation marks',
  message:
    '{count, plural, one {Le prix de ce bien qui correspond à votre recherche {search} a baissé\u00a0:} other {Le prix de ces # biens qui correspondent à votre recherche {search} a baissé\u00a0:}}',
};
export const digestMore: MessageDescriptor = /*i18n*/ {
  id: 'mail.digest.more',
  message:
    '{count, plural, one {# autre bien correspond aussi à votre recherche\u00a0: retrouvez-le sur votre page d’alertes.} other {# autres biens correspondent aussi à votre recherche\u00a0: retrouvez-les sur votre page d’alertes.}}',
};
export const digestPriceReduced: MessageDescriptor = /*i18n*/ {
  id: 'mail.digest.priceReduced',
  message: 'Prix en baisse',
};
/** The drop in percent, with a true minus sign. */
export const digestDropPercent: MessageDescriptor = /*i18n*/ {
  id: 'mail.digest.dropPercent',
  message: '−{percent}\u00a0%',
};
export const digestViewOffer: MessageDescriptor = /*i18n*/ {
  id: 'mail.digest.viewOffer',
  message: 'Voir le bien',
};
export const digestSeeAlerts: MessageDescriptor = /*i18n*/ {
  id: 'mail.digest.seeAlerts',
  message: 'Voir mes alertes',
};
export const digestWhy: MessageDescriptor = /*i18n*/ {
  id: 'mail.digest.why',
  message:
    'Vous recevez cet e-mail parce que vous avez créé une alerte sur {siteName} et confirmé votre adresse.',
};
export const digestUnsubscribe: MessageDescriptor = /*i18n*/ {
  id: 'mail.digest.unsubscribe',
  message: 'Se désabonner de cette alerte',
};

// The confirmation of a professional (prospect) request

export const prospectSubject: MessageDescriptor = /*i18n*/ {
  id: 'mail.prospect.subject',
  message: 'Votre demande a bien été reçue\u00a0: {siteName}',
};
export const prospectHello: MessageDescriptor = /*i18n*/ {
  id: 'mail.prospect.hello',
  message: 'Bonjour {firstname} {lastname},',
};
export const prospectIntro: MessageDescriptor = /*i18n*/ {
  id: 'mail.prospect.intro',
  message:
    'Nous avons bien reçu la demande que vous avez envoyée pour {company} depuis l’espace professionnels de {siteName}. Notre équipe commerciale la prend en charge et vous recontactera très prochainement.',
};
export const prospectSummary: MessageDescriptor = /*i18n*/ {
  id: 'mail.prospect.summary',
  message: 'Votre demande',
};
export const prospectLastname: MessageDescriptor = /*i18n*/ {
  id: 'mail.prospect.lastname',
  message: 'Nom',
};
export const prospectFirstname: MessageDescriptor = /*i18n*/ {
  id: 'mail.prospect.firstname',
  message: 'Prénom',
};
export const prospectCompany: MessageDescriptor = /*i18n*/ {
  id: 'mail.prospect.company',
  message: 'Société',
};
export const prospectCity: MessageDescriptor = /*i18n*/ {
  id: 'mail.prospect.city',
  message: 'Ville',
};
export const prospectPhone: MessageDescriptor = /*i18n*/ {
  id: 'mail.prospect.phone',
  message: 'Téléphone',
};
export const prospectEmail: MessageDescriptor = /*i18n*/ {
  id: 'mail.prospect.email',
  message: 'E-mail',
};
export const prospectMessage: MessageDescriptor = /*i18n*/ {
  id: 'mail.prospect.message',
  message: 'Message',
};
export const prospectPrivacy: MessageDescriptor = /*i18n*/ {
  id: 'mail.prospect.privacy',
  message:
    'Vos coordonnées servent uniquement à traiter votre demande. Vos données personnelles et vos droits\u00a0:',
};

// A professional request, to the portal's sales address

export const prospectSalesSubject: MessageDescriptor = /*i18n*/ {
  id: 'mail.prospectSales.subject',
  message: 'Demande professionnelle – {company} – {city}',
};
export const prospectSalesIntro: MessageDescriptor = /*i18n*/ {
  id: 'mail.prospectSales.intro',
  message: '{name} ({company}) a envoyé une demande depuis l’espace professionnels de {siteName}.',
};
export const prospectSalesLang: MessageDescriptor = /*i18n*/ {
  id: 'mail.prospectSales.lang',
  message: 'Langue du demandeur',
};

// The lead mail: a contact request, to the agency (or its negotiator), in the agency's language

export const leadSubject: MessageDescriptor = /*i18n*/ {
  id: 'mail.lead.subject',
  message: 'Demande d’information – Réf. {reference} – {title} – {city}',
};
export const leadSubjectAgency: MessageDescriptor = /*i18n*/ {
  id: 'mail.lead.subjectAgency',
  message: 'Demande de contact – {siteName}',
};
export const leadIntro: MessageDescriptor = /*i18n*/ {
  id: 'mail.lead.intro',
  message: '{name} vous a écrit depuis {siteName} au sujet de ce bien.',
};
export const leadIntroAgency: MessageDescriptor = /*i18n*/ {
  id: 'mail.lead.introAgency',
  message: '{name} vous a écrit depuis la page de votre agence sur {siteName}.',
};
export const leadVisitor: MessageDescriptor = /*i18n*/ {
  id: 'mail.lead.visitor',
  message: 'Le visiteur',
};
export const leadName: MessageDescriptor = /*i18n*/ { id: 'mail.lead.name', message: 'Nom' };
export const leadEmail: MessageDescriptor = /*i18n*/ { id: 'mail.lead.email', message: 'E-mail' };
export const leadPhone: MessageDescriptor = /*i18n*/ {
  id: 'mail.lead.phone',
  message: 'Téléphone',
};
export const leadMessage: MessageDescriptor = /*i18n*/ {
  id: 'mail.lead.message',
  message: 'Message',
};
export const leadReco: MessageDescriptor = /*i18n*/ {
  id: 'mail.lead.reco',
  message: 'Recommandations de biens similaires',
};
export const leadRecoYes: MessageDescriptor = /*i18n*/ {
  id: 'mail.lead.recoYes',
  message: 'acceptées',
};
export const leadRecoNo: MessageDescriptor = /*i18n*/ {
  id: 'mail.lead.recoNo',
  message: 'refusées',
};
export const leadSentAt: MessageDescriptor = /*i18n*/ {
  id: 'mail.lead.sentAt',
  message: 'Envoyé le',
};
export const leadLang: MessageDescriptor = /*i18n*/ {
  id: 'mail.lead.lang',
  message: 'Langue du visiteur',
};
export const leadPage: MessageDescriptor = /*i18n*/ {
  id: 'mail.lead.page',
  message: 'Page d’où il a écrit',
};
export const langFrench: MessageDescriptor = /*i18n*/ { id: 'mail.lang.fr', message: 'français' };
export const langEnglish: MessageDescriptor = /*i18n*/ { id: 'mail.lang.en', message: 'anglais' };
export const leadProperty: MessageDescriptor = /*i18n*/ {
  id: 'mail.lead.property',
  message: 'Le bien',
};
export const leadReference: MessageDescriptor = /*i18n*/ {
  id: 'mail.lead.reference',
  message: 'Référence',
};
export const leadPrice: MessageDescriptor = /*i18n*/ { id: 'mail.lead.price', message: 'Prix' };
export const leadCity: MessageDescriptor = /*i18n*/ { id: 'mail.lead.city', message: 'Ville' };
export const leadReply: MessageDescriptor = /*i18n*/ {
  id: 'mail.lead.reply',
  message: 'Répondez à ce message pour répondre directement à {name}.',
};
export const leadFooter: MessageDescriptor = /*i18n*/ {
  id: 'mail.lead.footer',
  message:
    'Demande transmise par {siteName}. Le visiteur a reçu une copie de son message. Ses coordonnées sont jointes (vCard) avec la demande au format JSON (lead.json).',
};

// The visitor's copy of a contact request, in the language of the page

export const leadCopySubject: MessageDescriptor = /*i18n*/ {
  id: 'mail.leadCopy.subject',
  message: 'Votre demande a été transmise à {agency}',
};
export const leadCopyHello: MessageDescriptor = /*i18n*/ {
  id: 'mail.leadCopy.hello',
  message: 'Bonjour {name},',
};
export const leadCopyIntro: MessageDescriptor = /*i18n*/ {
  id: 'mail.leadCopy.intro',
  message:
    'Votre demande a bien été transmise à {agency}. L’agence vous répondra directement, à cette adresse e-mail ou par téléphone.',
};
export const leadCopySent: MessageDescriptor = /*i18n*/ {
  id: 'mail.leadCopy.sent',
  message: 'Ce que vous avez envoyé',
};
export const leadCopyAgency: MessageDescriptor = /*i18n*/ {
  id: 'mail.leadCopy.agency',
  message: 'L’agence',
};
export const leadCopyAddress: MessageDescriptor = /*i18n*/ {
  id: 'mail.leadCopy.address',
  message: 'Adresse',
};
export const leadCopyViewAgency: MessageDescriptor = /*i18n*/ {
  id: 'mail.leadCopy.viewAgency',
  message: 'Voir la page de l’agence',
};
export const leadCopyFooter: MessageDescriptor = /*i18n*/ {
  id: 'mail.leadCopy.footer',
  message:
    'Vous recevez ce message parce qu’une demande a été envoyée avec cette adresse depuis {siteName}.',
};

// The sign-in link of the professional space

export const proSignInSubject: MessageDescriptor = /*i18n*/ {
  id: 'mail.proSignIn.subject',
  message: 'Votre lien de connexion à l’espace professionnel {siteName}',
};
export const proSignInIntro: MessageDescriptor = /*i18n*/ {
  id: 'mail.proSignIn.intro',
  message:
    'Pour vous connecter à l’espace professionnel de {agency} sur {siteName}, suivez ce lien puis confirmez. Il est valable 15 minutes et une seule fois.',
};
export const proSignInInvited: MessageDescriptor = /*i18n*/ {
  id: 'mail.proSignIn.invited',
  message:
    'Vous avez été invité dans l’espace professionnel de {agency} sur {siteName}. Pour vous connecter, suivez ce lien puis confirmez. Il est valable 15 minutes et une seule fois ; ensuite, demandez un nouveau lien depuis la page de connexion.',
};
export const proSignInButton: MessageDescriptor = /*i18n*/ {
  id: 'mail.proSignIn.button',
  message: 'Se connecter',
};
export const proSignInNotYou: MessageDescriptor = /*i18n*/ {
  id: 'mail.proSignIn.notYou',
  message:
    'Si vous n’avez pas demandé ce lien, ignorez ce message : personne ne peut se connecter sans lui.',
};
