import { ApiError, linesOf } from '../../lib/api/index.ts';

/** The lines a failed form shows beside itself: the server's own, or the catalogue's defaults. */
export function errorLines(error: unknown): string[] {
  return error instanceof ApiError ? linesOf(error) : ['Something went wrong. We are already working to solve it.'];
}

export function FormErrors({ lines }: { lines: string[] }) {
  if (lines.length === 0) return null;
  return (
    <div className="form-errors" role="alert">
      {lines.length === 1 ? (
        <p>{lines[0]}</p>
      ) : (
        <ul>
          {lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
