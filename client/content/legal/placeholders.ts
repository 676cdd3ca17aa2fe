// Marks of an unfinished legal text: a placeholder left by its author ("TODO", "XXX", "[name]",
// "lorem ipsum", "à compléter"...), or a value that failed to render ("undefined", "{name}").
// The legal pages must contain none (legal-text.test.tsx and the legal pages' integration test).

const MARKERS: readonly RegExp[] = [
  /\b(?:TODO|TBD|FIXME|XXX+|XX)\b/i,
  /\blorem\b|\bipsum\b|\bdolor sit\b/i,
  /\bplaceholder\b|\bdummy\b|\bfoo(?:bar)?\b/i,
  /(?:^|\s)à (?:compléter|définir|préciser)(?!\p{L})|\bto be (?:completed|defined|confirmed)\b/iu,
  /\b(?:undefined|null|NaN)\b|\[object Object\]/,
  // A bracketed or braced blank: [Nom], [...], {name}, <adresse>, ___
  /\[[^\]]*\]|\{[^}]*\}|<[^>]*>|_{2,}|\.{4,}/,
  /\bJohn Doe\b|\bJean Dupont\b|\bAcme\b/i,
  /\b0{3}(?: ?0{3}){2}\b|\b123 ?456 ?789\b/,
];

/** The placeholder marks found in a text (empty when there is none). */
export function findPlaceholders(text: string): string[] {
  return MARKERS.flatMap((marker) => {
    const found = new RegExp(marker.source, `${marker.flags.replace('g', '')}g`);
    return [...text.matchAll(found)].map((m) => m[0]);
  });
}
