/**
 * The platform runtime's entry, run once per page by the script `{squarespace-headers}` adds on platform
 * themes, right after YUI 3 and the YUI modules bundled before it (runtime/build.ts). It leaves the window as
 * platform themes expect it when their scripts run: `Y` (a YUI instance with every bundled module attached;
 * `Y.use` of another fetches it from this server only), `Y.Squarespace.*`, `Squarespace` (the lifecycle),
 * `ImageLoader`, `Static.SQUARESPACE_CONTEXT` (written by the headers before this script), `Singleton`,
 * `UserAccountApi` and `SQUARESPACE_ROLLUPS`.
 */
import { Alert } from './alert.js';
import { Commerce } from './commerce.js';
import { Controller } from './controllers.js';
import { ImageLoader } from './image-loader.js';
import { createLifecycle } from './lifecycle.js';
import { Lightbox } from './lightbox.js';
import { squarespaceContext } from './page-context.js';
import { Singleton } from './singleton.js';
import { styleEditor } from './style-editor.js';
import { Template } from './template.js';
import { UserAccountApi } from './user-accounts.js';
import { platformWindow } from './yui-types.js';

const win = platformWindow();
const YUI = win.YUI;
if (YUI === undefined) throw new Error('the platform runtime needs YUI, bundled before it');

// the platform's header registers its image loader as a YUI module too
YUI.add('squarespace-imageloader', () => {}, '1.0', { requires: [] });

// every module bundled before this script (node, event-custom, json, io-base…), attached at once
const Y = YUI().use('*');
win.Y = Y;
Object.assign(Y.namespace('Squarespace'), {
  Template,
  Commerce,
  Widgets: { Alert },
  Lightbox,
  Singleton,
  Controller,
  ImageLoader,
  StyleEditor: styleEditor(Y),
});

squarespaceContext();
win.SQUARESPACE_ROLLUPS ??= {};
win.ImageLoader = ImageLoader;
win.Squarespace = createLifecycle() as unknown as Record<string, unknown>;
win.Singleton = Singleton;
win.UserAccountApi = UserAccountApi;
