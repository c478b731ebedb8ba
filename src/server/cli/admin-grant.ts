// npm run admin:grant -- <email>: gives an existing user the admin role.
import { loadConfig } from '../config';
import { grantAdmin } from '../modules/auth';
import { claimEmbeddedDatabase, openConfiguredDatabase } from '../runtime';

const email = process.argv[2];
if (!email) {
  console.error('Usage: npm run admin:grant -- <email>');
  process.exit(2);
}

try {
  const config = loadConfig();
  const claim = await claimEmbeddedDatabase(config);
  const database = await openConfiguredDatabase(config);
  try {
    const granted = await grantAdmin(database.db, email);
    if (!granted) {
      console.error(`No account with the email ${email}. The person must sign up first.`);
      process.exitCode = 1;
    } else {
      console.log(
        `${email} is now an administrator. They see the admin dashboard at their next page load.`,
      );
    }
  } finally {
    await database.close();
    await claim.release();
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
