// Entry point of the `shed` process: run the program, exit with its status once output is flushed.
import { limitHeapGrowth } from './heap.ts';
import { main } from './main.ts';

limitHeapGrowth();
process.exitCode = await main(process.argv);
