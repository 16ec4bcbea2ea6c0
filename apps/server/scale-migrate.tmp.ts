import { migrate, openPostgres } from './src/db/client';
const d = await openPostgres(process.argv[2]!, 1);
await migrate(d);
await d.close();
