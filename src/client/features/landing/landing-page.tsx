import {
  ArrowRight,
  ClipboardList,
  FileText,
  Leaf,
  MessageSquare,
  Store,
  Tractor,
} from 'lucide-react';
import { lazy, Suspense, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Brand } from '../../components/layout/brand';
import { Button } from '../../components/ui/button';
import { signIn } from '../../lib/auth';

// The sample dashboards (and Radix's tabs) are below the fold: off the first load's path.
const LandingDemo = lazy(async () => ({ default: (await import('./landing-demo')).LandingDemo }));

/** Where Get Started and Sign Up Now lead: the sign-in page with account creation open. */
export const SIGN_UP_PATH = '/login?mode=register';

const FEATURES: { title: string; description: string; icon: ReactNode }[] = [
  {
    title: 'For Farmers',
    description:
      'List your produce with live stock, set your delivery days and reach kitchens across the islands.',
    icon: <Tractor />,
  },
  {
    title: 'For Restaurants',
    description:
      'Browse what local farms have today, fill one cart across many farms and order in minutes.',
    icon: <Store />,
  },
  {
    title: 'Order Management',
    description:
      'Follow every order from placement to delivery, with SMS and email notifications along the way.',
    icon: <ClipboardList />,
  },
  {
    title: 'PDF Documents',
    description:
      'Packing slips and invoices are ready to download as soon as an order is confirmed.',
    icon: <FileText />,
  },
];

function SignInButton({ className }: { className?: string }) {
  return (
    <Button variant="outline" onClick={signIn} className={className}>
      Sign In
    </Button>
  );
}

export function LandingPage() {
  const year = new Date().getFullYear();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:p-2"
      >
        Skip to content
      </a>
      <header className="sticky top-0 z-30 border-b border-stone-200 bg-white/95 backdrop-blur">
        <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-2">
          <Brand />
          <SignInButton />
        </div>
      </header>

      <main id="main" className="flex-1">
        <section className="relative overflow-hidden bg-gradient-to-b from-primary-soft via-amber-50 to-stone-50">
          <div className="mx-auto flex max-w-6xl flex-col items-center gap-6 px-4 pt-12 pb-14 text-center sm:py-24">
            <span className="inline-flex items-center gap-2 rounded-full bg-white/80 px-3 py-1 text-sm font-medium text-green-900 shadow-sm">
              <Leaf className="size-4" aria-hidden="true" />
              Oahu · Big Island · Maui · Kauai
            </span>
            <h1 className="max-w-3xl text-4xl font-extrabold tracking-tight text-balance text-stone-900 sm:text-5xl lg:text-6xl">
              Farm Fresh Direct to Your Restaurant
            </h1>
            <p className="max-w-2xl text-lg text-pretty text-stone-700">
              Harvest Hui connects Hawaii&apos;s farms with the kitchens that cook their harvest:
              live inventory, one cart across farms, and every order tracked to the back door.
            </p>
            <div className="flex w-full flex-col items-center justify-center gap-3 sm:w-auto sm:flex-row">
              <Button asChild size="lg" className="w-full sm:w-auto">
                <Link to={SIGN_UP_PATH}>
                  Get Started <ArrowRight aria-hidden="true" />
                </Link>
              </Button>
              <Button asChild size="lg" variant="outline" className="w-full sm:w-auto">
                <a href="#demo">See how it works</a>
              </Button>
            </div>
          </div>
        </section>

        <section
          aria-labelledby="features-heading"
          className="mx-auto max-w-6xl px-4 py-14 sm:py-16"
        >
          <h2
            id="features-heading"
            className="mb-2 text-center text-3xl font-bold tracking-tight text-stone-900"
          >
            Everything a farm-to-table order needs
          </h2>
          <p className="mx-auto mb-10 max-w-2xl text-center text-stone-600">
            From the first listing to the signed delivery, in one place for both sides.
          </p>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {FEATURES.map((feature) => (
              <li
                key={feature.title}
                className="flex flex-col gap-3 rounded-xl border border-stone-200 bg-white p-5 shadow-sm"
              >
                <span className="flex size-11 items-center justify-center rounded-lg bg-primary-soft text-green-900 [&_svg]:size-5">
                  {feature.icon}
                </span>
                <h3 className="text-lg font-semibold text-stone-900">{feature.title}</h3>
                <p className="text-sm text-stone-600">{feature.description}</p>
              </li>
            ))}
          </ul>
          <p className="mt-6 flex items-center justify-center gap-2 text-center text-sm text-stone-600">
            <MessageSquare className="size-4 shrink-0 text-primary" aria-hidden="true" />
            Get SMS and email notifications when an order is placed, confirmed or delivered.
          </p>
        </section>

        <section
          id="demo"
          aria-labelledby="demo-heading"
          className="scroll-mt-16 border-y border-stone-200 bg-white"
        >
          <div className="mx-auto max-w-6xl px-4 py-16">
            <h2
              id="demo-heading"
              className="mb-2 text-center text-3xl font-bold tracking-tight text-stone-900"
            >
              See it from both sides
            </h2>
            <p className="mx-auto mb-8 max-w-2xl text-center text-stone-600">
              A sample dashboard for each account type. The figures are examples.
            </p>
            <Suspense fallback={<div className="min-h-[36rem]" aria-busy="true" />}>
              <LandingDemo />
            </Suspense>
          </div>
        </section>

        <section aria-labelledby="cta-heading" className="bg-primary text-white">
          <div className="mx-auto flex max-w-4xl flex-col items-center gap-5 px-4 py-16 text-center">
            <h2 id="cta-heading" className="text-3xl font-bold tracking-tight text-balance">
              Bring the islands&apos; harvest to your kitchen
            </h2>
            <p className="max-w-xl text-green-50">
              Create a free account as a farm or a restaurant and place or take your first order
              today.
            </p>
            <Button
              asChild
              size="lg"
              variant="secondary"
              className="w-full bg-white text-green-900 hover:bg-green-50 sm:w-auto"
            >
              <Link to={SIGN_UP_PATH}>Sign Up Now</Link>
            </Button>
          </div>
        </section>
      </main>

      <footer className="border-t border-stone-200 bg-white">
        <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-3 px-4 py-6 text-sm text-stone-600 sm:flex-row">
          <p>© {year} Harvest Hui. Grown in Hawaii.</p>
          <SignInButton className="min-h-11" />
        </div>
      </footer>
    </div>
  );
}
