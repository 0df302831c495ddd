// As when a test file imports a module that throws: the file fails before any test is collected.
throw new Error('fixture: this file cannot load');
