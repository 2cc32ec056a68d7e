// Module records as MediaWiki 1.39 answered action=paraminfo on the fixture wiki (recorded from the
// reference server); the tests compare our rendering of the same declarations with them.

export const linksFv1 = {
  "name": "links",
  "classname": "ApiQueryLinks",
  "path": "query+links",
  "group": "prop",
  "prefix": "pl",
  "source": "MediaWiki",
  "sourcename": "MediaWiki",
  "licensetag": "GPL-2.0-or-later",
  "licenselink": "http://127.0.0.1:8081/wiki/index.php/Special:Version/License/MediaWiki",
  "readrights": "",
  "generator": "",
  "helpurls": [
    "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Links"
  ],
  "parameters": [
    {
      "index": 1,
      "name": "namespace",
      "type": "namespace",
      "multi": "",
      "lowlimit": 50,
      "highlimit": 500,
      "limit": 50,
      "allspecifier": "*",
      "extranamespaces": [
        -2,
        -1
      ]
    },
    {
      "index": 2,
      "name": "limit",
      "type": "limit",
      "default": 10,
      "min": 1,
      "max": 500,
      "highmax": 5000
    },
    {
      "index": 3,
      "name": "continue",
      "type": "string"
    },
    {
      "index": 4,
      "name": "titles",
      "type": "string",
      "multi": "",
      "lowlimit": 50,
      "highlimit": 500,
      "limit": 50
    },
    {
      "index": 5,
      "name": "dir",
      "type": [
        "ascending",
        "descending"
      ],
      "default": "ascending"
    }
  ],
  "templatedparameters": []
};

export const linksFv2 = {
  "name": "links",
  "classname": "ApiQueryLinks",
  "path": "query+links",
  "group": "prop",
  "prefix": "pl",
  "source": "MediaWiki",
  "sourcename": "MediaWiki",
  "licensetag": "GPL-2.0-or-later",
  "licenselink": "http://127.0.0.1:8081/wiki/index.php/Special:Version/License/MediaWiki",
  "readrights": true,
  "generator": true,
  "helpurls": [
    "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Links"
  ],
  "parameters": [
    {
      "index": 1,
      "name": "namespace",
      "type": "namespace",
      "required": false,
      "multi": true,
      "lowlimit": 50,
      "highlimit": 500,
      "limit": 50,
      "allspecifier": "*",
      "extranamespaces": [
        -2,
        -1
      ]
    },
    {
      "index": 2,
      "name": "limit",
      "type": "limit",
      "required": false,
      "default": 10,
      "multi": false,
      "min": 1,
      "max": 500,
      "highmax": 5000
    },
    {
      "index": 3,
      "name": "continue",
      "type": "string",
      "required": false,
      "multi": false
    },
    {
      "index": 4,
      "name": "titles",
      "type": "string",
      "required": false,
      "multi": true,
      "lowlimit": 50,
      "highlimit": 500,
      "limit": 50
    },
    {
      "index": 5,
      "name": "dir",
      "type": [
        "ascending",
        "descending"
      ],
      "required": false,
      "default": "ascending",
      "multi": false
    }
  ],
  "templatedparameters": []
};

export const allmessagesFv1 = {
  "name": "allmessages",
  "classname": "ApiQueryAllMessages",
  "path": "query+allmessages",
  "group": "meta",
  "prefix": "am",
  "source": "MediaWiki",
  "sourcename": "MediaWiki",
  "licensetag": "GPL-2.0-or-later",
  "licenselink": "http://127.0.0.1:8081/wiki/index.php/Special:Version/License/MediaWiki",
  "readrights": "",
  "helpurls": [
    "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Allmessages"
  ],
  "parameters": [
    {
      "index": 1,
      "name": "messages",
      "type": "string",
      "default": "*",
      "multi": "",
      "lowlimit": 50,
      "highlimit": 500,
      "limit": 50
    },
    {
      "index": 2,
      "name": "prop",
      "type": [
        "default"
      ],
      "multi": "",
      "lowlimit": 50,
      "highlimit": 500,
      "limit": 50
    },
    {
      "index": 3,
      "name": "enableparser",
      "type": "boolean"
    },
    {
      "index": 4,
      "name": "nocontent",
      "type": "boolean"
    },
    {
      "index": 5,
      "name": "includelocal",
      "type": "boolean"
    },
    {
      "index": 6,
      "name": "args",
      "type": "string",
      "multi": "",
      "lowlimit": 50,
      "highlimit": 500,
      "limit": 50,
      "allowsduplicates": ""
    },
    {
      "index": 7,
      "name": "filter",
      "type": "string"
    },
    {
      "index": 8,
      "name": "customised",
      "type": [
        "all",
        "modified",
        "unmodified"
      ],
      "default": "all"
    },
    {
      "index": 9,
      "name": "lang",
      "type": "string"
    },
    {
      "index": 10,
      "name": "from",
      "type": "string"
    },
    {
      "index": 11,
      "name": "to",
      "type": "string"
    },
    {
      "index": 12,
      "name": "title",
      "type": "string"
    },
    {
      "index": 13,
      "name": "prefix",
      "type": "string"
    }
  ],
  "templatedparameters": []
};

export const jsonFormatFv2 = {
  "name": "json",
  "classname": "ApiFormatJson",
  "path": "json",
  "group": "format",
  "prefix": "",
  "source": "MediaWiki",
  "sourcename": "MediaWiki",
  "licensetag": "GPL-2.0-or-later",
  "licenselink": "http://127.0.0.1:8081/wiki/index.php/Special:Version/License/MediaWiki",
  "readrights": true,
  "helpurls": [
    "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Data_formats"
  ],
  "parameters": [
    {
      "index": 1,
      "name": "callback",
      "type": "string",
      "required": false,
      "multi": false
    },
    {
      "index": 2,
      "name": "utf8",
      "type": "boolean",
      "required": false,
      "multi": false
    },
    {
      "index": 3,
      "name": "ascii",
      "type": "boolean",
      "required": false,
      "multi": false
    },
    {
      "index": 4,
      "name": "formatversion",
      "type": [
        "1",
        "2",
        "latest"
      ],
      "required": false,
      "default": "1",
      "multi": false
    }
  ],
  "templatedparameters": []
};

export const mainFv1 = {
  "name": "main",
  "classname": "ApiMain",
  "path": "main",
  "prefix": "",
  "source": "MediaWiki",
  "sourcename": "MediaWiki",
  "licensetag": "GPL-2.0-or-later",
  "licenselink": "http://127.0.0.1:8081/wiki/index.php/Special:Version/License/MediaWiki",
  "helpurls": [],
  "parameters": [
    {
      "index": 1,
      "name": "action",
      "type": [
        "block",
        "changeauthenticationdata",
        "changecontentmodel",
        "checktoken",
        "clearhasmsg",
        "clientlogin",
        "compare",
        "createaccount",
        "delete",
        "edit",
        "emailuser",
        "expandtemplates",
        "feedcontributions",
        "feedrecentchanges",
        "feedwatchlist",
        "filerevert",
        "help",
        "imagerotate",
        "import",
        "linkaccount",
        "login",
        "logout",
        "managetags",
        "mergehistory",
        "move",
        "opensearch",
        "options",
        "paraminfo",
        "parse",
        "patrol",
        "protect",
        "purge",
        "query",
        "removeauthenticationdata",
        "resetpassword",
        "revisiondelete",
        "rollback",
        "rsd",
        "setnotificationtimestamp",
        "setpagelanguage",
        "tag",
        "unblock",
        "undelete",
        "unlinkaccount",
        "upload",
        "userrights",
        "validatepassword",
        "watch",
        "cspreport",
        "stashedit"
      ],
      "default": "help",
      "submodules": {
        "block": "block",
        "changeauthenticationdata": "changeauthenticationdata",
        "changecontentmodel": "changecontentmodel",
        "checktoken": "checktoken",
        "clearhasmsg": "clearhasmsg",
        "clientlogin": "clientlogin",
        "compare": "compare",
        "createaccount": "createaccount",
        "delete": "delete",
        "edit": "edit",
        "emailuser": "emailuser",
        "expandtemplates": "expandtemplates",
        "feedcontributions": "feedcontributions",
        "feedrecentchanges": "feedrecentchanges",
        "feedwatchlist": "feedwatchlist",
        "filerevert": "filerevert",
        "help": "help",
        "imagerotate": "imagerotate",
        "import": "import",
        "linkaccount": "linkaccount",
        "login": "login",
        "logout": "logout",
        "managetags": "managetags",
        "mergehistory": "mergehistory",
        "move": "move",
        "opensearch": "opensearch",
        "options": "options",
        "paraminfo": "paraminfo",
        "parse": "parse",
        "patrol": "patrol",
        "protect": "protect",
        "purge": "purge",
        "query": "query",
        "removeauthenticationdata": "removeauthenticationdata",
        "resetpassword": "resetpassword",
        "revisiondelete": "revisiondelete",
        "rollback": "rollback",
        "rsd": "rsd",
        "setnotificationtimestamp": "setnotificationtimestamp",
        "setpagelanguage": "setpagelanguage",
        "tag": "tag",
        "unblock": "unblock",
        "undelete": "undelete",
        "unlinkaccount": "unlinkaccount",
        "upload": "upload",
        "userrights": "userrights",
        "validatepassword": "validatepassword",
        "watch": "watch",
        "cspreport": "cspreport",
        "stashedit": "stashedit"
      },
      "internalvalues": [
        "cspreport",
        "stashedit"
      ]
    },
    {
      "index": 2,
      "name": "format",
      "type": [
        "json",
        "jsonfm",
        "none",
        "php",
        "phpfm",
        "rawfm",
        "xml",
        "xmlfm"
      ],
      "default": "jsonfm",
      "submodules": {
        "json": "json",
        "jsonfm": "jsonfm",
        "none": "none",
        "php": "php",
        "phpfm": "phpfm",
        "rawfm": "rawfm",
        "xml": "xml",
        "xmlfm": "xmlfm"
      }
    },
    {
      "index": 3,
      "name": "maxlag",
      "type": "integer"
    },
    {
      "index": 4,
      "name": "smaxage",
      "type": "integer",
      "default": 0
    },
    {
      "index": 5,
      "name": "maxage",
      "type": "integer",
      "default": 0
    },
    {
      "index": 6,
      "name": "assert",
      "type": [
        "anon",
        "bot",
        "user"
      ]
    },
    {
      "index": 7,
      "name": "assertuser",
      "type": "user",
      "subtypes": [
        "name"
      ]
    },
    {
      "index": 8,
      "name": "requestid",
      "type": "string"
    },
    {
      "index": 9,
      "name": "servedby",
      "type": "boolean"
    },
    {
      "index": 10,
      "name": "curtimestamp",
      "type": "boolean"
    },
    {
      "index": 11,
      "name": "responselanginfo",
      "type": "boolean"
    },
    {
      "index": 12,
      "name": "origin",
      "type": "string"
    },
    {
      "index": 13,
      "name": "uselang",
      "type": "string",
      "default": "user"
    },
    {
      "index": 14,
      "name": "variant",
      "type": "string"
    },
    {
      "index": 15,
      "name": "errorformat",
      "type": [
        "bc",
        "html",
        "none",
        "plaintext",
        "raw",
        "wikitext"
      ],
      "default": "bc"
    },
    {
      "index": 16,
      "name": "errorlang",
      "type": "string",
      "default": "uselang"
    },
    {
      "index": 17,
      "name": "errorsuselocal",
      "type": "boolean"
    }
  ],
  "templatedparameters": []
};

export const allpagesFv2 = {
  "name": "allpages",
  "classname": "ApiQueryAllPages",
  "path": "query+allpages",
  "group": "list",
  "prefix": "ap",
  "source": "MediaWiki",
  "sourcename": "MediaWiki",
  "licensetag": "GPL-2.0-or-later",
  "licenselink": "http://127.0.0.1:8081/wiki/index.php/Special:Version/License/MediaWiki",
  "readrights": true,
  "generator": true,
  "helpurls": [
    "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Allpages"
  ],
  "parameters": [
    {
      "index": 1,
      "name": "from",
      "type": "string",
      "required": false,
      "multi": false
    },
    {
      "index": 2,
      "name": "continue",
      "type": "string",
      "required": false,
      "multi": false
    },
    {
      "index": 3,
      "name": "to",
      "type": "string",
      "required": false,
      "multi": false
    },
    {
      "index": 4,
      "name": "prefix",
      "type": "string",
      "required": false,
      "multi": false
    },
    {
      "index": 5,
      "name": "namespace",
      "type": "namespace",
      "required": false,
      "default": 0,
      "multi": false
    },
    {
      "index": 6,
      "name": "filterredir",
      "type": [
        "all",
        "nonredirects",
        "redirects"
      ],
      "required": false,
      "default": "all",
      "multi": false
    },
    {
      "index": 7,
      "name": "minsize",
      "type": "integer",
      "required": false,
      "multi": false
    },
    {
      "index": 8,
      "name": "maxsize",
      "type": "integer",
      "required": false,
      "multi": false
    },
    {
      "index": 9,
      "name": "prtype",
      "type": [
        "edit",
        "move",
        "upload"
      ],
      "required": false,
      "multi": true,
      "lowlimit": 50,
      "highlimit": 500,
      "limit": 50
    },
    {
      "index": 10,
      "name": "prlevel",
      "type": [
        "",
        "autoconfirmed",
        "sysop"
      ],
      "required": false,
      "multi": true,
      "lowlimit": 50,
      "highlimit": 500,
      "limit": 50
    },
    {
      "index": 11,
      "name": "prfiltercascade",
      "type": [
        "all",
        "cascading",
        "noncascading"
      ],
      "required": false,
      "default": "all",
      "multi": false
    },
    {
      "index": 12,
      "name": "limit",
      "type": "limit",
      "required": false,
      "default": 10,
      "multi": false,
      "min": 1,
      "max": 500,
      "highmax": 5000
    },
    {
      "index": 13,
      "name": "dir",
      "type": [
        "ascending",
        "descending"
      ],
      "required": false,
      "default": "ascending",
      "multi": false
    },
    {
      "index": 14,
      "name": "filterlanglinks",
      "type": [
        "all",
        "withlanglinks",
        "withoutlanglinks"
      ],
      "required": false,
      "default": "all",
      "multi": false
    },
    {
      "index": 15,
      "name": "prexpiry",
      "type": [
        "all",
        "definite",
        "indefinite"
      ],
      "required": false,
      "default": "all",
      "multi": false
    }
  ],
  "templatedparameters": []
};

export const revisionsFv2 = {
  "name": "revisions",
  "classname": "ApiQueryRevisions",
  "path": "query+revisions",
  "group": "prop",
  "prefix": "rv",
  "source": "MediaWiki",
  "sourcename": "MediaWiki",
  "licensetag": "GPL-2.0-or-later",
  "licenselink": "http://127.0.0.1:8081/wiki/index.php/Special:Version/License/MediaWiki",
  "readrights": true,
  "generator": true,
  "helpurls": [
    "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Revisions"
  ],
  "parameters": [
    {
      "index": 1,
      "name": "prop",
      "type": [
        "comment",
        "content",
        "contentmodel",
        "flags",
        "ids",
        "parsedcomment",
        "roles",
        "sha1",
        "size",
        "slotsha1",
        "slotsize",
        "tags",
        "timestamp",
        "user",
        "userid",
        "parsetree"
      ],
      "required": false,
      "default": "ids|timestamp|flags|comment|user",
      "multi": true,
      "lowlimit": 50,
      "highlimit": 500,
      "limit": 50,
      "deprecatedvalues": [
        "parsetree"
      ]
    },
    {
      "index": 2,
      "name": "slots",
      "type": [
        "main"
      ],
      "required": false,
      "multi": true,
      "lowlimit": 50,
      "highlimit": 500,
      "limit": 50,
      "allspecifier": "*"
    },
    {
      "index": 3,
      "name": "limit",
      "type": "limit",
      "required": false,
      "multi": false,
      "min": 1,
      "max": 500,
      "highmax": 5000,
      "info": [
        {
          "name": "singlepageonly"
        }
      ]
    },
    {
      "index": 4,
      "name": "expandtemplates",
      "type": "boolean",
      "required": false,
      "deprecated": true,
      "multi": false
    },
    {
      "index": 5,
      "name": "generatexml",
      "type": "boolean",
      "required": false,
      "deprecated": true,
      "multi": false
    },
    {
      "index": 6,
      "name": "parse",
      "type": "boolean",
      "required": false,
      "deprecated": true,
      "multi": false
    },
    {
      "index": 7,
      "name": "section",
      "type": "string",
      "required": false,
      "multi": false
    },
    {
      "index": 8,
      "name": "diffto",
      "type": "string",
      "required": false,
      "deprecated": true,
      "multi": false
    },
    {
      "index": 9,
      "name": "difftotext",
      "type": "string",
      "required": false,
      "deprecated": true,
      "multi": false
    },
    {
      "index": 10,
      "name": "difftotextpst",
      "type": "boolean",
      "required": false,
      "deprecated": true,
      "multi": false
    },
    {
      "index": 11,
      "name": "contentformat",
      "type": [
        "application/json",
        "application/octet-stream",
        "application/unknown",
        "application/x-binary",
        "text/css",
        "text/javascript",
        "text/plain",
        "text/unknown",
        "text/x-wiki",
        "unknown/unknown"
      ],
      "required": false,
      "deprecated": true,
      "multi": false
    },
    {
      "index": 12,
      "name": "startid",
      "type": "integer",
      "required": false,
      "multi": false,
      "info": [
        {
          "name": "singlepageonly"
        }
      ]
    },
    {
      "index": 13,
      "name": "endid",
      "type": "integer",
      "required": false,
      "multi": false,
      "info": [
        {
          "name": "singlepageonly"
        }
      ]
    },
    {
      "index": 14,
      "name": "start",
      "type": "timestamp",
      "required": false,
      "multi": false,
      "info": [
        {
          "name": "singlepageonly"
        }
      ]
    },
    {
      "index": 15,
      "name": "end",
      "type": "timestamp",
      "required": false,
      "multi": false,
      "info": [
        {
          "name": "singlepageonly"
        }
      ]
    },
    {
      "index": 16,
      "name": "dir",
      "type": [
        "newer",
        "older"
      ],
      "required": false,
      "default": "older",
      "multi": false,
      "info": [
        {
          "name": "singlepageonly"
        }
      ]
    },
    {
      "index": 17,
      "name": "user",
      "type": "user",
      "required": false,
      "multi": false,
      "subtypes": [
        "name",
        "ip",
        "interwiki",
        "id"
      ],
      "info": [
        {
          "name": "singlepageonly"
        }
      ]
    },
    {
      "index": 18,
      "name": "excludeuser",
      "type": "user",
      "required": false,
      "multi": false,
      "subtypes": [
        "name",
        "ip",
        "interwiki",
        "id"
      ],
      "info": [
        {
          "name": "singlepageonly"
        }
      ]
    },
    {
      "index": 19,
      "name": "tag",
      "type": "string",
      "required": false,
      "multi": false
    },
    {
      "index": 20,
      "name": "continue",
      "type": "string",
      "required": false,
      "multi": false
    }
  ],
  "templatedparameters": []
};

export const deletedrevsFv1 = {
  "name": "deletedrevs",
  "classname": "ApiQueryDeletedrevs",
  "path": "query+deletedrevs",
  "group": "list",
  "prefix": "dr",
  "source": "MediaWiki",
  "sourcename": "MediaWiki",
  "licensetag": "GPL-2.0-or-later",
  "licenselink": "http://127.0.0.1:8081/wiki/index.php/Special:Version/License/MediaWiki",
  "deprecated": "",
  "readrights": "",
  "helpurls": [
    "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Deletedrevs"
  ],
  "parameters": [
    {
      "index": 1,
      "name": "start",
      "type": "timestamp",
      "info": [
        {
          "name": "modes",
          "values": [
            1,
            2
          ]
        }
      ]
    },
    {
      "index": 2,
      "name": "end",
      "type": "timestamp",
      "info": [
        {
          "name": "modes",
          "values": [
            1,
            2
          ]
        }
      ]
    },
    {
      "index": 3,
      "name": "dir",
      "type": [
        "newer",
        "older"
      ],
      "default": "older",
      "info": [
        {
          "name": "modes",
          "values": [
            1,
            3
          ]
        }
      ]
    },
    {
      "index": 4,
      "name": "from",
      "type": "string",
      "info": [
        {
          "name": "modes",
          "values": [
            3
          ]
        }
      ]
    },
    {
      "index": 5,
      "name": "to",
      "type": "string",
      "info": [
        {
          "name": "modes",
          "values": [
            3
          ]
        }
      ]
    },
    {
      "index": 6,
      "name": "prefix",
      "type": "string",
      "info": [
        {
          "name": "modes",
          "values": [
            3
          ]
        }
      ]
    },
    {
      "index": 7,
      "name": "unique",
      "type": "boolean",
      "info": [
        {
          "name": "modes",
          "values": [
            3
          ]
        }
      ]
    },
    {
      "index": 8,
      "name": "namespace",
      "type": "namespace",
      "default": 0,
      "info": [
        {
          "name": "modes",
          "values": [
            3
          ]
        }
      ]
    },
    {
      "index": 9,
      "name": "tag",
      "type": "string"
    },
    {
      "index": 10,
      "name": "user",
      "type": "user",
      "subtypes": [
        "name",
        "ip",
        "interwiki",
        "id"
      ]
    },
    {
      "index": 11,
      "name": "excludeuser",
      "type": "user",
      "subtypes": [
        "name",
        "ip",
        "interwiki",
        "id"
      ]
    },
    {
      "index": 12,
      "name": "prop",
      "type": [
        "comment",
        "content",
        "len",
        "minor",
        "parentid",
        "parsedcomment",
        "revid",
        "sha1",
        "tags",
        "user",
        "userid",
        "token"
      ],
      "default": "user|comment",
      "multi": "",
      "lowlimit": 50,
      "highlimit": 500,
      "limit": 50,
      "deprecatedvalues": [
        "token"
      ]
    },
    {
      "index": 13,
      "name": "limit",
      "type": "limit",
      "default": 10,
      "min": 1,
      "max": 500,
      "highmax": 5000
    },
    {
      "index": 14,
      "name": "continue",
      "type": "string"
    }
  ],
  "templatedparameters": []
};

export const watchlistrawFv2 = {
  "name": "watchlistraw",
  "classname": "ApiQueryWatchlistRaw",
  "path": "query+watchlistraw",
  "group": "list",
  "prefix": "wr",
  "source": "MediaWiki",
  "sourcename": "MediaWiki",
  "licensetag": "GPL-2.0-or-later",
  "licenselink": "http://127.0.0.1:8081/wiki/index.php/Special:Version/License/MediaWiki",
  "readrights": true,
  "generator": true,
  "helpurls": [
    "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Watchlistraw"
  ],
  "parameters": [
    {
      "index": 1,
      "name": "continue",
      "type": "string",
      "required": false,
      "multi": false
    },
    {
      "index": 2,
      "name": "namespace",
      "type": "namespace",
      "required": false,
      "multi": true,
      "lowlimit": 50,
      "highlimit": 500,
      "limit": 50,
      "allspecifier": "*"
    },
    {
      "index": 3,
      "name": "limit",
      "type": "limit",
      "required": false,
      "default": 10,
      "multi": false,
      "min": 1,
      "max": 500,
      "highmax": 5000
    },
    {
      "index": 4,
      "name": "prop",
      "type": [
        "changed"
      ],
      "required": false,
      "multi": true,
      "lowlimit": 50,
      "highlimit": 500,
      "limit": 50
    },
    {
      "index": 5,
      "name": "show",
      "type": [
        "!changed",
        "changed"
      ],
      "required": false,
      "multi": true,
      "lowlimit": 50,
      "highlimit": 500,
      "limit": 50
    },
    {
      "index": 6,
      "name": "owner",
      "type": "user",
      "required": false,
      "multi": false,
      "subtypes": [
        "name"
      ]
    },
    {
      "index": 7,
      "name": "token",
      "type": "string",
      "required": false,
      "sensitive": true,
      "multi": false
    },
    {
      "index": 8,
      "name": "dir",
      "type": [
        "ascending",
        "descending"
      ],
      "required": false,
      "default": "ascending",
      "multi": false
    },
    {
      "index": 9,
      "name": "fromtitle",
      "type": "string",
      "required": false,
      "multi": false
    },
    {
      "index": 10,
      "name": "totitle",
      "type": "string",
      "required": false,
      "multi": false
    }
  ],
  "templatedparameters": []
};
