import { useLingui } from '@lingui/react/macro';
import type { Energy, Lang } from '../../../shared/contract';
import { ENERGY_CLASSES, energyClass, type EnergyClass } from '../../../shared/energy-rules';
import { formatNumber } from '../../../shared/format';

// The energy diagnosis: the DPE (energy use) and GES (greenhouse gas) scales A to G drawn like
// the official labels, bars growing with the class, the offer's class standing out with its
// value. The drawing is hidden from screen readers, which read one sentence per scale instead;
// a missing diagnosis says why when the feed says it ('DPE vierge', 'Non soumis au DPE'), else
// 'not provided'.

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
  absence,
}: {
  kind: 'dpe' | 'ges';
  energy: Energy;
  lang: Lang;
  title: string;
  unit: string;
  absence: string | null;
}) {
  const { t } = useLingui();
  const current: EnergyClass | null = energyClass(energy.class);
  const value =
    energy.value !== null && current ? `${formatNumber(energy.value, lang)} ${unit}` : null;
  const sentence = current
    ? value
      ? t`Classe ${current} : ${value}`
      : t`Classe ${current}`
    : (absence ?? t`Non communiqué`);
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

export function EnergyDiagnosis({
  dpe,
  ges,
  lang,
  absence = null,
}: {
  dpe: Energy;
  ges: Energy;
  lang: Lang;
  /** Why the offer has no DPE ('DPE vierge', 'Non soumis au DPE'), said on both scales. */
  absence?: string | null;
}) {
  const { t } = useLingui();
  return (
    <div className="energy-diagnosis">
      <EnergyScale
        kind="dpe"
        energy={dpe}
        lang={lang}
        title={t`Diagnostic de performance énergétique (DPE)`}
        unit={t`kWh/m²/an`}
        absence={absence}
      />
      <EnergyScale
        kind="ges"
        energy={ges}
        lang={lang}
        title={t`Émissions de gaz à effet de serre (GES)`}
        unit={t`kg CO₂/m²/an`}
        absence={absence}
      />
    </div>
  );
}
