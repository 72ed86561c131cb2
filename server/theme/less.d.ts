/** The part of the `less` package's API Tessera uses (server/theme/lessc-build.ts; the package ships no types). */
declare module 'less' {
  export interface LessRenderError {
    /** Unset for some errors (a missing import). */
    message?: string;
    /** `Parse`, `Syntax`, `Name`, `Runtime`, `Argument`… */
    type?: string;
    /** The offset of the error in the source compiled. */
    index?: number;
    filename?: string;
    line?: number | null;
    column?: number | null;
  }
  export interface LessOptions {
    filename?: string;
    paths?: string[];
    syncImport?: boolean;
    javascriptEnabled?: boolean;
    /** When `/` divides: `always` (LESS 3 and the platform), `parens-division` (LESS 4's default). */
    math?: 'always' | 'parens-division' | 'parens' | 'strict';
  }
  const less: {
    render(source: string, options: LessOptions, callback: (error: LessRenderError | undefined, output: { css: string; imports: string[] } | undefined) => void): void;
  };
  export default less;
}
