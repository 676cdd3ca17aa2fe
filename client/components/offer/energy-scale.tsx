import { useLingui } from '@lingui/react/macro';
import type { Energy, Lang } from '../../../shared/contract';
import { formatNumber } from '../../../shared/format';

// The energy diagnosis: the DPE (energy use) and GES (greenhouse gas) scales A to G drawn like
// the official labels, bars growing with the class, the offer's class standing out with its
// value. The drawing is hidden from screen readers, which read one sentence per scale instead;
// a missing diagnosis says 'not provided'.

export const ENERGY_CLASSES = ['A', 'B', 'C', 'D', 'E', 'F', 'G'] as const;
export type EnergyClass = (typeof ENERGY_CLASSES)[number];

/** The class of a diagnosis, or null when missing or not a class A to G. */
export function energyClassOf(energy: Energy): EnergyClass | null {
  const value = energy.class?.trim().toUpperCase();
  return (ENERGY_CLASSES as readonly string[]).includes(value ?? '')
    ? (value as EnergyClass)
    : null;
}

// Thresholds of the French labels since 2021 (upper bounds, per m² and year).
const BOUNDS = {
  dpe: [70, 110, 180, 250, 330, 420],
  ges: [6, 11, 30, 50, 70, 100],
} as const;

function rangeLabel(kind: 'dpe' | 'ges', i: number): string {
  const bounds = BOUNDS[kind];
  if (i === 0) return `≤ ${bounds[0]}`;
  if (i === bounds.length) return `> ${bounds[bounds.length - 1]}`;
  return `${bounds[i - 1]! + 1} – ${bounds[i]}`;
}

function EnergyScale({
  kind,
  energy,
  lang,
  title,
  unit,
}: {
  kind: 'dpe' | 'ges';
  energy: Energy;
  lang: Lang;
  title: string;
  unit: string;
}) {
  const { t } = useLingui();
  const current = energyClassOf(energy);
  const value =
    energy.value !== null && current ? `${formatNumber(energy.value, lang)} ${unit}` : null;
  const sentence = current
    ? value
      ? t`Classe ${current} : ${value}`
      : t`Classe ${current}`
    : t`Non communiqué`;
  return (
    <figure className={`energy energy--${kind}`}>
      <figcaption className="energy__title">
        {title}
        <span className="visually-hidden">
          {lang === 'fr' ? ' : ' : ': '}
          {sentence}
        </span>
      </figcaption>
      {current ? (
        <ol className="energy__scale" aria-hidden="true">
          {ENERGY_CLASSES.map((cls, i) => (
            <li
              key={cls}
              className={`energy__row energy__row--${cls}${cls === current ? ' energy__row--current' : ''}`}
            >
              <span className="energy__bar">
                <span className="energy__letter">{cls}</span>
                <span className="energy__range">{rangeLabel(kind, i)}</span>
              </span>
              {cls === current && value ? <span className="energy__value">{value}</span> : null}
            </li>
          ))}
        </ol>
      ) : (
        <p className="energy__missing" aria-hidden="true">
          {sentence}
        </p>
      )}
    </figure>
  );
}

export function EnergyDiagnosis({ dpe, ges, lang }: { dpe: Energy; ges: Energy; lang: Lang }) {
  const { t } = useLingui();
  return (
    <div className="energy-diagnosis">
      <EnergyScale
        kind="dpe"
        energy={dpe}
        lang={lang}
        title={t`Diagnostic de performance énergétique (DPE)`}
        unit={t`kWh/m²/an`}
      />
      <EnergyScale
        kind="ges"
        energy={ges}
        lang={lang}
        title={t`Émissions de gaz à effet de serre (GES)`}
        unit={t`kg CO₂/m²/an`}
      />
    </div>
  );
}
