/**
 * The part of unzipper 0.10 (exceljs's own zip reader, installed with it) that xlsx-workbook.ts
 * uses: opening a zip by its central directory and streaming one entry. unzipper ships no types.
 */
declare module 'unzipper' {
  import type { Readable } from 'node:stream';

  /** One entry of the central directory. */
  export interface CentralDirectoryFile {
    path: string;
    type: 'File' | 'Directory';
    uncompressedSize: number;
    /** The entry's bytes, inflated, as a stream ('error' on a damaged entry). */
    stream(password?: string): Readable;
  }

  export interface CentralDirectory {
    files: CentralDirectoryFile[];
  }

  const unzipper: {
    Open: {
      file(path: string): Promise<CentralDirectory>;
      buffer(bytes: Buffer): Promise<CentralDirectory>;
    };
  };
  export default unzipper;
}
