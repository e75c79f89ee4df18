// Entry point of the `shed` process: run the program, exit with its status once output is flushed.
import { main } from './main.ts';

process.exitCode = await main(process.argv);
