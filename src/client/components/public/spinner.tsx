/** The loading indicator, shared by every page while data or page code arrives. */
export function Spinner({ label }: { label: string }) {
  return (
    <div role="status" className="spinner">
      <span className="spinner-ring" />
      <span className="sr-only">{label}</span>
    </div>
  );
}
