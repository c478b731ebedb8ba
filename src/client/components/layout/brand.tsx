import { Sprout } from 'lucide-react';
import { Link } from 'react-router';

export function Brand() {
  return (
    <Link
      to="/"
      className="flex min-h-11 shrink-0 items-center gap-2 rounded-md font-bold whitespace-nowrap text-stone-900"
    >
      <span className="flex size-8 items-center justify-center rounded-lg bg-primary text-white">
        <Sprout className="size-5" aria-hidden="true" />
      </span>
      {/* On the narrowest phones the header needs the room: the name is still read out. */}
      <span className="text-lg tracking-tight max-[420px]:sr-only">Harvest Hui</span>
    </Link>
  );
}
