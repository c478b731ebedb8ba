import { benchReports } from '/work/main/bench/reports';
await benchReports();
