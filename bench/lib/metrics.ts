/** An instance's Prometheus metrics (`/metrics`, `METRICS_TOKEN`), by series (`name{labels}`). */
export type MetricSeries = Map<string, number>;

/** Scrapes one instance's `/metrics` with the bearer token; throws unless it answers 200. */
export async function scrapeMetrics(url: string, token: string): Promise<MetricSeries> {
  const response = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${token}` } });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`${url}/metrics answered ${response.status}: ${text}`);
  const series: MetricSeries = new Map();
  for (const line of text.split('\n')) {
    const match = /^([A-Za-z_:][\w:]*(?:\{[^}]*\})?)\s+(\S+)/.exec(line);
    if (match) series.set(match[1]!, Number(match[2]));
  }
  return series;
}

/**
 * The sum of a metric's series whose labels contain every `labels` pair (all series without), e.g.
 * `metric(m, 'plaza_db_connections', { state: 'open' })`; NaN when there is none.
 */
export function metric(series: MetricSeries, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  let sum = Number.NaN;
  for (const [key, value] of series) {
    const brace = key.indexOf('{');
    if ((brace < 0 ? key : key.slice(0, brace)) !== name) continue;
    if (!wanted.every((pair) => key.includes(pair))) continue;
    sum = (Number.isNaN(sum) ? 0 : sum) + value;
  }
  return sum;
}
