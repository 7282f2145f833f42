// tsc emits only JavaScript; n8n also needs the icons and codex files beside the nodes.
const { src, dest } = require('gulp');

function copyAssets() {
	return src(['nodes/**/*.{svg,png,node.json}', 'credentials/**/*.{svg,png}', 'icons/**/*.{svg,png}'], {
		base: '.',
		encoding: false,
	}).pipe(dest('dist'));
}

exports['build:assets'] = copyAssets;
