// Runs in a worker thread (password-strength.ts): scoring a password takes tens of
// milliseconds, more for long ones, and must not hold up every other request.
import { parentPort } from 'node:worker_threads';
import { loadPasswordEstimator } from '#core/password-rule';

export interface StrengthRequest {
  id: number;
  password: string;
  userInputs: string[];
}

const estimate = await loadPasswordEstimator();
parentPort!.on('message', ({ id, password, userInputs }: StrengthRequest) => {
  try {
    parentPort!.postMessage({ id, estimate: estimate(password, userInputs) });
  } catch (error) {
    parentPort!.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
parentPort!.postMessage({ ready: true });
