import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Brand } from './brand';
import { Card, CardContent, CardDescription, CardHeader } from '../ui/card';

/** The frame of the pages an emailed link opens: the brand, one card, a way back. */
export function AccountPageLayout({
  title,
  description,
  children,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="flex min-h-dvh flex-col bg-gradient-to-b from-primary-soft/60 to-stone-50">
      <header className="mx-auto flex w-full max-w-6xl items-center px-4 py-2">
        <Brand />
      </header>
      <main id="main" className="flex flex-1 justify-center px-4 pt-4 pb-12 sm:pt-10">
        <div className="flex w-full max-w-md flex-col gap-4">
          <Card>
            <CardHeader className="gap-2 text-center">
              <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
              {description ? <CardDescription>{description}</CardDescription> : null}
            </CardHeader>
            <CardContent>{children}</CardContent>
          </Card>
          <Link
            to="/"
            className="mx-auto inline-flex min-h-11 items-center text-sm font-medium text-primary underline-offset-4 hover:underline"
          >
            Back to the home page
          </Link>
        </div>
      </main>
    </div>
  );
}
