/** A one-line progress report with rate and ETA for long command-line jobs. */
export function progressReporter(label: string, total: number, write: (line: string) => void, everyMs = 1000) {
  const started = Date.now();
  let lastReport = 0;
  return (done: number, final = false) => {
    const now = Date.now();
    if (!final && now - lastReport < everyMs) return;
    lastReport = now;
    const seconds = Math.max((now - started) / 1000, 0.001);
    const rate = done / seconds;
    const percent = total > 0 ? Math.min(100, Math.round((done / total) * 100)) : 100;
    const eta = rate > 0 && total > done ? `, ETA ${Math.ceil((total - done) / rate)} s` : '';
    write(`${label}: ${done.toLocaleString('en')}/${total.toLocaleString('en')} events (${percent}%), ${Math.round(rate).toLocaleString('en')}/s${final ? `, ${seconds.toFixed(1)} s` : eta}`);
  };
}
