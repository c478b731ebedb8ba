import { AlertCircle } from 'lucide-react';
import { Link } from 'react-router';
import { Card, CardContent } from '../ui/card';

/** Inside the app shell the page already has its <main>; on its own it brings one. */
export function NotFoundPage({ inShell = false }: { inShell?: boolean }) {
  const Container = inShell ? 'div' : 'main';
  return (
    <Container
      id={inShell ? undefined : 'main'}
      className="flex min-h-[60dvh] w-full items-center justify-center p-4"
    >
      <Card className="w-full max-w-md">
        <CardContent className="pt-6">
          <div className="mb-4 flex items-center gap-2">
            <AlertCircle className="size-8 text-destructive" aria-hidden="true" />
            <h1 className="text-2xl font-bold text-stone-900">404 Page Not Found</h1>
          </div>
          <p className="text-sm text-stone-600">Did you forget to add the page to the router?</p>
          <Link
            to="/"
            className="mt-4 inline-flex min-h-11 items-center text-sm font-medium text-primary underline-offset-4 hover:underline"
          >
            Go to the home page
          </Link>
        </CardContent>
      </Card>
    </Container>
  );
}
