import { Spinner } from './ui/spinner';

export function PagePending() {
  return (
    <div className="flex flex-1 items-center justify-center py-24">
      <Spinner size="lg" />
    </div>
  );
}
