import type { I18n, MessageDescriptor } from '@lingui/core';

// The reasons of feed imports in the professional space's language. The listings API writes
// them in English (listings-api/feeds/: the import, the row mapping, the CSV reader, the photos,
// the archive checks): they are its report format, read as they are by the agencies' software
// through GET /feeds/runs/{id}. The feeds screens translate them at display: each shape of
// reason the feeds code writes has its pattern here (named groups: the parts it quotes, such as
// a reference, a city or a count) and its message; a reason of an unknown shape (an error of
// the system's) is shown as written. tests/unit/feed-reasons.test.ts holds one reason of each
// shape as the feeds code writes it.

type Shape = readonly [pattern: RegExp, message: MessageDescriptor];

/** Reasons that wrap another (translated first, as `inner`). */
const WRAPPERS: readonly Shape[] = [
  [
    /^(?<inner>.+) \(the current photo is kept\)$/s,
    /*i18n*/ { id: 'pro.feedReason.photoKept', message: '{inner} La photo actuelle est gardée.' },
  ],
  [
    /^the import stopped: (?<error>.+)$/s,
    /*i18n*/ { id: 'pro.feedReason.stopped', message: 'L’import s’est arrêté : {error}' },
  ],
];

const SHAPES: readonly Shape[] = [
  // A whole feed held back or refused (listings-api/feeds/import.ts, poliris.ts).
  [
    /^the feed would withdraw (?<leaving>\d+) of the agency's (?<active>\d+) active offers \(more than half\); not applied \(force it to apply\)$/,
    /*i18n*/ {
      id: 'pro.feedReason.heldBack',
      message:
        'Le flux retirerait {leaving} des {active} annonces actives de l’agence (plus de la moitié) : il n’a pas été appliqué (un import forcé l’appliquerait).',
    },
  ],
  [
    /^the feed holds no offer: it would withdraw all (?<active>\d+) active offers of the agency; not applied \(force it to apply\)$/,
    /*i18n*/ {
      id: 'pro.feedReason.emptyHeldBack',
      message:
        'Le flux ne contient aucune annonce : il retirerait les {active} annonces actives de l’agence. Il n’a pas été appliqué (un import forcé l’appliquerait).',
    },
  ],
  [
    /^the feed holds no annonces\.csv$/,
    /*i18n*/ {
      id: 'pro.feedReason.noCsv',
      message: 'Le flux ne contient pas de fichier annonces.csv.',
    },
  ],
  [
    /^not a Poliris feed: it is a zip archive, not annonces\.csv$/,
    /*i18n*/ {
      id: 'pro.feedReason.notPoliris.zip',
      message: 'Ce n’est pas un flux Poliris : le fichier est une archive zip, pas annonces.csv.',
    },
  ],
  [
    /^not a Poliris feed: it is a gzip file$/,
    /*i18n*/ {
      id: 'pro.feedReason.notPoliris.gzip',
      message: 'Ce n’est pas un flux Poliris : le fichier est compressé en gzip.',
    },
  ],
  [
    /^not a Poliris feed: it is a binary file, not text$/,
    /*i18n*/ {
      id: 'pro.feedReason.notPoliris.binary',
      message: 'Ce n’est pas un flux Poliris : le fichier est binaire, pas du texte.',
    },
  ],
  [
    /^not a Poliris feed: it looks like JSON$/,
    /*i18n*/ {
      id: 'pro.feedReason.notPoliris.json',
      message: 'Ce n’est pas un flux Poliris : le fichier ressemble à du JSON.',
    },
  ],
  [
    /^not a Poliris feed: it looks like XML or HTML$/,
    /*i18n*/ {
      id: 'pro.feedReason.notPoliris.xml',
      message: 'Ce n’est pas un flux Poliris : le fichier ressemble à du XML ou du HTML.',
    },
  ],
  [
    /^not a Poliris feed: no line has the format's (?<columns>\d+) columns \(at most (?<most>\d+)\)$/,
    /*i18n*/ {
      id: 'pro.feedReason.notPoliris.columns',
      message:
        'Ce n’est pas un flux Poliris : aucune ligne n’a les {columns} colonnes du format (au plus {most}).',
    },
  ],
  [
    /^not a Poliris feed: fields are separated by (?<separator>.+), not by '!#', and no line has the format's (?<columns>\d+) columns$/,
    /*i18n*/ {
      id: 'pro.feedReason.notPoliris.separator',
      message:
        'Ce n’est pas un flux Poliris : les champs sont séparés par {separator} et non par « !# », et aucune ligne n’a les {columns} colonnes du format.',
    },
  ],
  [
    /^not a Poliris feed: no line has the format's (?<columns>\d+) columns separated by '!#'$/,
    /*i18n*/ {
      id: 'pro.feedReason.notPoliris.noLine',
      message:
        'Ce n’est pas un flux Poliris : aucune ligne n’a les {columns} colonnes du format séparées par « !# ».',
    },
  ],

  // The archive (listings-api/feeds/archive.ts), for a feed dropped in the inbox.
  [
    /^(?<zip>.+?) is not a zip archive$/,
    /*i18n*/ { id: 'pro.feedReason.zip.notZip', message: '{zip} n’est pas une archive zip.' },
  ],
  [
    /^(?<zip>.+?) is not a readable zip archive \((?<error>.+)\)$/s,
    /*i18n*/ {
      id: 'pro.feedReason.zip.unreadable',
      message: '{zip} n’est pas une archive zip lisible ({error}).',
    },
  ],
  [
    /^(?<zip>.+?) is a damaged zip archive \((?<error>.+)\)$/s,
    /*i18n*/ {
      id: 'pro.feedReason.zip.damaged',
      message: '{zip} est une archive zip endommagée ({error}).',
    },
  ],
  [
    /^(?<zip>.+?) holds (?<count>\d+) entries; at most (?<max>\d+) are accepted$/,
    /*i18n*/ {
      id: 'pro.feedReason.zip.tooManyEntries',
      message: '{zip} contient {count} fichiers ; {max} au plus sont acceptés.',
    },
  ],
  [
    /^(?<zip>.+?) holds more than (?<max>\d+) entries$/,
    /*i18n*/ {
      id: 'pro.feedReason.zip.moreEntries',
      message: '{zip} contient plus de {max} fichiers.',
    },
  ],
  [
    /^(?<zip>.+?) inflates to more than (?<size>.+)$/,
    /*i18n*/ {
      id: 'pro.feedReason.zip.tooLarge',
      message: '{zip} dépasse {size} une fois décompressée.',
    },
  ],
  [
    /^(?<zip>.+?) inflates more than (?<ratio>\d+) times its size$/,
    /*i18n*/ {
      id: 'pro.feedReason.zip.ratio',
      message: '{zip} grossit plus de {ratio} fois une fois décompressée (archive suspecte).',
    },
  ],
  [
    /^(?<zip>.+?): entry "(?<entry>.+)" is encrypted; send the archive without a password$/,
    /*i18n*/ {
      id: 'pro.feedReason.zip.encrypted',
      message: '{zip} : le fichier « {entry} » est chiffré ; envoyez l’archive sans mot de passe.',
    },
  ],
  [
    /^(?<zip>.+?): entry "(?<entry>.+)" uses compression method (?<method>\d+); only stored and deflated entries are read$/,
    /*i18n*/ {
      id: 'pro.feedReason.zip.method',
      message:
        '{zip} : le fichier « {entry} » utilise la méthode de compression {method} ; seuls les fichiers stockés ou compressés en deflate sont lus.',
    },
  ],
  [
    /^(?<zip>.+?): entry "(?<entry>.+)" (?<why>.+); files must sit at the root of the archive or in one folder$/,
    /*i18n*/ {
      id: 'pro.feedReason.zip.path',
      message:
        '{zip} : le chemin du fichier « {entry} » est refusé ; les fichiers doivent être à la racine de l’archive ou dans un seul dossier.',
    },
  ],
  [
    /^(?<zip>.+?): entries "(?<first>.+)" and "(?<second>.+)" would both be (?<name>.+); file names must be unique$/,
    /*i18n*/ {
      id: 'pro.feedReason.zip.duplicate',
      message:
        '{zip} : les fichiers « {first} » et « {second} » porteraient tous deux le nom {name} ; les noms doivent être uniques.',
    },
  ],
  [
    /^(?<zip>.+?): (?<csv>.+) is not at the root of the archive nor in its single top-level folder$/,
    /*i18n*/ {
      id: 'pro.feedReason.zip.csvPlace',
      message: '{zip} : {csv} n’est ni à la racine de l’archive ni dans son unique dossier.',
    },
  ],
  [
    /^(?<zip>.+?): entry "(?<entry>.+)" inflates beyond the (?<bytes>\d+) bytes its header declares$/,
    /*i18n*/ {
      id: 'pro.feedReason.zip.beyondHeader',
      message: '{zip} : le fichier « {entry} » dépasse les {bytes} octets annoncés dans l’archive.',
    },
  ],
  [
    /^(?<zip>.+?): entry "(?<entry>.+)" holds (?<bytes>\d+) bytes where its header declares (?<declared>\d+)$/,
    /*i18n*/ {
      id: 'pro.feedReason.zip.sizeMismatch',
      message:
        '{zip} : le fichier « {entry} » contient {bytes} octets là où l’archive en annonce {declared}.',
    },
  ],
  [
    /^(?<zip>.+?): entry "(?<entry>.+)" cannot be (?:read|extracted) \((?<error>.+)\)$/s,
    /*i18n*/ {
      id: 'pro.feedReason.zip.entryUnreadable',
      message: '{zip} : le fichier « {entry} » ne peut pas être extrait ({error}).',
    },
  ],
  [
    /^(?<zip>.+?): entry "(?<entry>.+)" inflates more than (?<ratio>\d+) times its compressed size$/,
    /*i18n*/ {
      id: 'pro.feedReason.zip.entryRatio',
      message:
        '{zip} : le fichier « {entry} » grossit plus de {ratio} fois une fois décompressé (archive suspecte).',
    },
  ],
  [
    /^(?<zip>.+?): entry "(?<entry>.+)" is larger than (?<size>.+)$/,
    /*i18n*/ {
      id: 'pro.feedReason.zip.entryTooLarge',
      message: '{zip} : le fichier « {entry} » dépasse {size}.',
    },
  ],

  // A row (listings-api/feeds/mapping.ts, poliris.ts, import.ts).
  [
    /^duplicate reference (?<reference>.+) \(first on line (?<line>\d+)\)$/,
    /*i18n*/ {
      id: 'pro.feedReason.duplicate',
      message: 'Référence {reference} en double (déjà à la ligne {line}).',
    },
  ],
  [
    /^the reference is missing$/,
    /*i18n*/ { id: 'pro.feedReason.noReference', message: 'La référence de l’annonce manque.' },
  ],
  [
    /^(?:wrong column count: (?<count>\d+) columns|the row has (?<count2>\d+) columns), the format has (?<columns>\d+)$/,
    /*i18n*/ {
      id: 'pro.feedReason.columnCount',
      message: 'La ligne a {count} colonnes, le format en a {columns}.',
    },
  ],
  [
    /^bad encoding: a byte sequence that is neither UTF-8 nor Windows-1252$/,
    /*i18n*/ {
      id: 'pro.feedReason.encoding',
      message: 'Encodage incorrect : des octets qui ne sont ni de l’UTF-8 ni du Windows-1252.',
    },
  ],
  [
    /^bad encoding: the control character (?<char>U\+[0-9A-F]{4})$/,
    /*i18n*/ {
      id: 'pro.feedReason.controlChar',
      message: 'Encodage incorrect : le caractère de contrôle {char}.',
    },
  ],
  [
    /^the row holds a NUL byte \(a stray byte, not text\)$/,
    /*i18n*/ {
      id: 'pro.feedReason.nulByte',
      message: 'La ligne contient un octet NUL (un octet parasite, pas du texte).',
    },
  ],
  [
    /^the line is longer than (?<size>\d+) MB$/,
    /*i18n*/ { id: 'pro.feedReason.longLine', message: 'La ligne dépasse {size} Mo.' },
  ],
  [
    /^price is not a number: '(?<value>.*)'$/s,
    /*i18n*/ {
      id: 'pro.feedReason.priceNotNumber',
      message: 'Le prix n’est pas un nombre : « {value} ».',
    },
  ],
  [/^the price is missing$/, /*i18n*/ { id: 'pro.feedReason.noPrice', message: 'Le prix manque.' }],
  [
    /^the monthly rent is missing$/,
    /*i18n*/ { id: 'pro.feedReason.noMonthlyRent', message: 'Le loyer mensuel manque.' },
  ],
  [
    /^the weekly rent is missing$/,
    /*i18n*/ { id: 'pro.feedReason.noWeeklyRent', message: 'Le loyer à la semaine manque.' },
  ],
  [
    /^the transaction type is missing$/,
    /*i18n*/ { id: 'pro.feedReason.noTransaction', message: 'Le type de transaction manque.' },
  ],
  [
    /^unknown transaction type: (?<value>.+)$/,
    /*i18n*/ {
      id: 'pro.feedReason.transaction',
      message: 'Type de transaction inconnu : {value}.',
    },
  ],
  [
    /^the portal lists sales and rentals of homes only: (?<value>.+)$/,
    /*i18n*/ {
      id: 'pro.feedReason.homeTransactions',
      message: 'Le portail ne publie que des ventes et des locations de logements : {value}.',
    },
  ],
  [
    /^the property type is missing$/,
    /*i18n*/ { id: 'pro.feedReason.noType', message: 'Le type de bien manque.' },
  ],
  [
    /^unknown property type: (?<value>.+)$/,
    /*i18n*/ { id: 'pro.feedReason.type', message: 'Type de bien inconnu : {value}.' },
  ],
  [
    /^the portal lists homes and estates only: (?<value>.+)$/,
    /*i18n*/ {
      id: 'pro.feedReason.homesOnly',
      message: 'Le portail ne publie que des logements et des propriétés : {value}.',
    },
  ],
  [
    /^the portal has no rubrique for (?<value>.+)$/,
    /*i18n*/ {
      id: 'pro.feedReason.noRubrique',
      message: 'Le portail n’a pas de rubrique pour {value}.',
    },
  ],
  [/^the city is missing$/, /*i18n*/ { id: 'pro.feedReason.noCity', message: 'La ville manque.' }],
  [
    /^unknown city: (?<value>.*)$/,
    /*i18n*/ { id: 'pro.feedReason.city', message: 'Ville inconnue : {value}.' },
  ],
  [
    /^unknown country: (?<value>.*)$/,
    /*i18n*/ { id: 'pro.feedReason.country', message: 'Pays inconnu : {value}.' },
  ],

  // A photo of a row (listings-api/feeds/photos.ts).
  [
    /^(?<photo>.+?) is not an image \((?<type>.+)\)$/,
    /*i18n*/ {
      id: 'pro.feedReason.photo.notImageType',
      message: '{photo} n’est pas une image ({type}).',
    },
  ],
  [
    /^(?<photo>.+?) is not an image$/,
    /*i18n*/ { id: 'pro.feedReason.photo.notImage', message: '{photo} n’est pas une image.' },
  ],
  [
    /^(?<photo>.+?): (?<format>\S+) images are not accepted \(JPEG, PNG, WebP or AVIF\)$/,
    /*i18n*/ {
      id: 'pro.feedReason.photo.format',
      message: '{photo} : les images {format} ne sont pas acceptées (JPEG, PNG, WebP ou AVIF).',
    },
  ],
  [
    /^(?<photo>.+?): (?<width>\d+)×(?<height>\d+) pixels is over the limit \((?<max>.+) MP\)$/,
    /*i18n*/ {
      id: 'pro.feedReason.photo.pixels',
      message: '{photo} : {width} × {height} pixels, au-delà de la limite ({max} Mpx).',
    },
  ],
  [
    /^(?<photo>.+?): the (?<format>\S+) image cannot be read \((?<error>.+)\)$/s,
    /*i18n*/ {
      id: 'pro.feedReason.photo.unreadable',
      message: '{photo} : l’image {format} ne peut pas être lue ({error}).',
    },
  ],
  [
    /^(?<photo>.+?) is not a file$/,
    /*i18n*/ { id: 'pro.feedReason.photo.notFile', message: '{photo} n’est pas un fichier.' },
  ],
  [
    /^(?<photo>.+?): no such file in the feed$/,
    /*i18n*/ {
      id: 'pro.feedReason.photo.missing',
      message: '{photo} : ce fichier n’est pas dans le flux.',
    },
  ],
  [
    /^(?<photo>.+?): larger than (?<size>.+)$/,
    /*i18n*/ { id: 'pro.feedReason.photo.tooLarge', message: '{photo} : plus de {size}.' },
  ],
  [
    /^(?<photo>.+?) is empty$/,
    /*i18n*/ { id: 'pro.feedReason.photo.empty', message: '{photo} est vide.' },
  ],
  [
    /^(?<photo>.+?): more than (?<count>\d+) redirects$/,
    /*i18n*/ {
      id: 'pro.feedReason.photo.redirects',
      message: '{photo} : plus de {count} redirections.',
    },
  ],
  [
    /^(?<photo>.+?): redirected to an invalid URL$/,
    /*i18n*/ {
      id: 'pro.feedReason.photo.badRedirect',
      message: '{photo} : redirigée vers une adresse invalide.',
    },
  ],
  [
    /^(?<photo>.+?): the server answered (?<status>\d+)$/,
    /*i18n*/ {
      id: 'pro.feedReason.photo.status',
      message: '{photo} : le serveur a répondu {status}.',
    },
  ],
  [
    /^(?<photo>.+?): timed out after (?<time>.+)$/,
    /*i18n*/ {
      id: 'pro.feedReason.photo.timeout',
      message: '{photo} : pas de réponse après {time}.',
    },
  ],
  [
    /^(?<photo>.+?): cannot be fetched \((?<error>.+)\)$/s,
    /*i18n*/ {
      id: 'pro.feedReason.photo.fetch',
      message: '{photo} : téléchargement impossible ({error}).',
    },
  ],
  [
    /^(?<photo>.+?): not a valid URL$/,
    /*i18n*/ { id: 'pro.feedReason.photo.badUrl', message: '{photo} : adresse invalide.' },
  ],
  [
    /^(?<photo>.+?): (?:redirected to )?(?<protocol>[a-z][a-z0-9+.-]*) URLs are not fetched \(http or https only\)$/,
    /*i18n*/ {
      id: 'pro.feedReason.photo.protocol',
      message:
        '{photo} : les adresses {protocol} ne sont pas téléchargées (http ou https seulement).',
    },
  ],
  [
    /^(?<photo>.+?): (?:redirected to (?<host>.+), a )?host not allowed \(FEEDS_PHOTO_HOSTS\)$/,
    /*i18n*/ {
      id: 'pro.feedReason.photo.host',
      message: '{photo} : ce serveur n’est pas autorisé (FEEDS_PHOTO_HOSTS).',
    },
  ],
  [
    /^(?<photo>.+?): (?:redirected to )?(?<address>\S+), not a public address$/,
    /*i18n*/ {
      id: 'pro.feedReason.photo.private',
      message: '{photo} : {address} n’est pas une adresse publique.',
    },
  ],
];

function valuesOf(match: RegExpExecArray): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(match.groups ?? {})) {
    if (value !== undefined) values[name.replace(/\d+$/, '')] = value;
  }
  return values;
}

function render(i18n: I18n, message: MessageDescriptor, values: Record<string, string>): string {
  const descriptor: MessageDescriptor = Object.assign({}, message, { values });
  return i18n._(descriptor);
}

/** A feed reason (run, row or photo) in the language of `i18n`; an unknown shape as written. */
export function feedReasonText(i18n: I18n, reason: string): string {
  for (const [pattern, message] of WRAPPERS) {
    const match = pattern.exec(reason);
    if (!match) continue;
    const values = valuesOf(match);
    if (values.inner !== undefined) values.inner = feedReasonText(i18n, values.inner);
    return render(i18n, message, values);
  }
  for (const [pattern, message] of SHAPES) {
    const match = pattern.exec(reason);
    if (match) return render(i18n, message, valuesOf(match));
  }
  return reason;
}

/** The message of the first shape a reason has (its id), or null for an unknown shape. */
export function feedReasonId(reason: string): string | null {
  for (const [pattern, message] of [...WRAPPERS, ...SHAPES]) {
    if (pattern.test(reason)) return message.id ?? null;
  }
  return null;
}

/** Every message of the table, by id. */
export const FEED_REASON_IDS: readonly string[] = [...WRAPPERS, ...SHAPES].map(([, m]) => m.id!);
