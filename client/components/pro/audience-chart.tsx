import { scaleLinear, scalePoint } from 'd3-scale';
import { area, line } from 'd3-shape';
import type { AudienceDay, AudienceMetric } from '../../../shared/pro-audience';

// A small daily chart of one figure, drawn on the server as SVG (d3-scale places the days and
// counts, d3-shape draws the line and the area under it). It is decoration for sighted readers:
// aria-hidden, the same figures are in the table beside it. Its viewBox scales to any width
// (320 px phones included) without moving the page.

const WIDTH = 300;
const HEIGHT = 80;
const PAD = { top: 6, right: 4, bottom: 4, left: 4 };

export function AudienceChart({
  series,
  metric,
}: {
  series: AudienceDay[];
  metric: AudienceMetric;
}) {
  const max = Math.max(1, ...series.map((d) => d[metric]));
  const x = scalePoint<string>()
    .domain(series.map((d) => d.day))
    .range([PAD.left, WIDTH - PAD.right]);
  const y = scaleLinear()
    .domain([0, max])
    .range([HEIGHT - PAD.bottom, PAD.top]);
  const at = (d: AudienceDay) => x(d.day) ?? PAD.left;
  const path = line<AudienceDay>()
    .x(at)
    .y((d) => y(d[metric]))(series);
  const fill = area<AudienceDay>()
    .x(at)
    .y0(y(0))
    .y1((d) => y(d[metric]))(series);
  return (
    <svg
      className="audience-chart"
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      width={WIDTH}
      height={HEIGHT}
      aria-hidden="true"
      focusable="false"
    >
      <line
        className="audience-chart__axis"
        x1={PAD.left}
        x2={WIDTH - PAD.right}
        y1={y(0)}
        y2={y(0)}
      />
      {fill ? <path className="audience-chart__area" d={fill} /> : null}
      {path ? <path className="audience-chart__line" d={path} /> : null}
    </svg>
  );
}
