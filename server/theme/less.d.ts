/** The part of the `less` package's API Tessera uses (the package ships no types). */
declare module 'less' {
  export interface LessRenderError {
    message: string;
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
