; Inno Setup script for the Windows installer of Caption Rating Annotator.
; Built by build_scripts\build_windows.ps1 after PyInstaller has made dist\annotator\:
;   ISCC.exe /DAppVersion=0.1.0 build_scripts\annotator.iss
; (with /DSignSetup and /Ssigntool=... when a certificate is configured: see that script).
;
; Installs per user by default (no administrator needed on a lab laptop) and adds:
; - Start-menu entries for the tagger's window and the lab lead's window (annotator lead),
;   and for the uninstaller;
; - the console command `annotator` (annotator.exe) on this user's PATH: a task, ticked by
;   default, so every command works in a terminal;
; - double-click: a .crproject shortcut opens its project in the app, and project.toml
;   offers the app under "Open with" (without taking over every .toml file).
; Uninstalling removes all of that and the program. Session files live in the project
; folders, settings and logs in the user's profile: they are never touched.
; build_scripts\install_check_windows.ps1 installs, checks and uninstalls it silently.

#ifndef AppVersion
  #define AppVersion "0.0.0"
#endif
#define AppName "Caption Rating Annotator"
#define AppExe "CaptionRatingAnnotator.exe"
#define ProgId "CaptionRatingAnnotator.Project"

[Setup]
; AppId identifies the app for upgrades and uninstall: never change it.
AppId={{5E0C6F0B-6C2D-4B8E-9A47-3F1D2C7B9E41}
AppName={#AppName}
AppVersion={#AppVersion}
AppVerName={#AppName} {#AppVersion}
AppPublisher=The Caption Rating Annotator authors
DefaultDirName={autopf}\{#AppName}
DefaultGroupName={#AppName}
DisableProgramGroupPage=yes
PrivilegesRequired=lowest
PrivilegesRequiredOverridesAllowed=dialog
ArchitecturesAllowed=x64compatible
ArchitecturesInstallIn64BitMode=x64compatible
LicenseFile=..\LICENSE
SetupIconFile=..\resources\icons\annotator.ico
UninstallDisplayIcon={app}\{#AppExe}
UninstallDisplayName={#AppName}
OutputDir=..\dist\installer
OutputBaseFilename=CaptionRatingAnnotator-{#AppVersion}-setup
Compression=lzma2/max
SolidCompression=yes
WizardStyle=modern
ChangesAssociations=yes
ChangesEnvironment=yes
#ifdef SignSetup
SignTool=signtool
SignedUninstaller=yes
#endif

[Tasks]
Name: "addtopath"; Description: "Add the annotator command to my PATH (lab leads: every command in a terminal)"; GroupDescription: "Command line:"
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; GroupDescription: "{cm:AdditionalIcons}"; Flags: unchecked

[Files]
Source: "..\dist\annotator\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs

[Icons]
Name: "{group}\{#AppName}"; Filename: "{app}\{#AppExe}"; Comment: "Rate how well captions describe images"
Name: "{group}\{#AppName} (lab lead)"; Filename: "{app}\{#AppExe}"; Parameters: "lead"; Comment: "The lab lead's window: analysis, merging, rounds, snapshots, export"
Name: "{group}\Uninstall {#AppName}"; Filename: "{uninstallexe}"
Name: "{autodesktop}\{#AppName}"; Filename: "{app}\{#AppExe}"; Tasks: desktopicon

[Registry]
; .crproject: a project shortcut (a one-line file naming the folder) opens in the app.
Root: HKA; Subkey: "Software\Classes\.crproject"; ValueType: string; ValueName: ""; ValueData: "{#ProgId}"; Flags: uninsdeletevalue uninsdeletekeyifempty
Root: HKA; Subkey: "Software\Classes\.crproject\OpenWithProgids"; ValueType: string; ValueName: "{#ProgId}"; ValueData: ""; Flags: uninsdeletevalue uninsdeletekeyifempty
Root: HKA; Subkey: "Software\Classes\{#ProgId}"; ValueType: string; ValueName: ""; ValueData: "Caption Rating project"; Flags: uninsdeletekey
Root: HKA; Subkey: "Software\Classes\{#ProgId}\DefaultIcon"; ValueType: string; ValueName: ""; ValueData: "{app}\{#AppExe},0"
Root: HKA; Subkey: "Software\Classes\{#ProgId}\shell\open\command"; ValueType: string; ValueName: ""; ValueData: """{app}\{#AppExe}"" open ""%1"""
; project.toml: offered under "Open with", never made the default for .toml files.
Root: HKA; Subkey: "Software\Classes\.toml\OpenWithProgids"; ValueType: string; ValueName: "{#ProgId}"; ValueData: ""; Flags: uninsdeletevalue uninsdeletekeyifempty
Root: HKA; Subkey: "Software\Classes\Applications\{#AppExe}"; ValueType: string; ValueName: "FriendlyAppName"; ValueData: "{#AppName}"; Flags: uninsdeletekey
Root: HKA; Subkey: "Software\Classes\Applications\{#AppExe}\SupportedTypes"; ValueType: string; ValueName: ".crproject"; ValueData: ""
Root: HKA; Subkey: "Software\Classes\Applications\{#AppExe}\SupportedTypes"; ValueType: string; ValueName: ".toml"; ValueData: ""
Root: HKA; Subkey: "Software\Classes\Applications\{#AppExe}\shell\open\command"; ValueType: string; ValueName: ""; ValueData: """{app}\{#AppExe}"" open ""%1"""

[Run]
Filename: "{app}\{#AppExe}"; Description: "{cm:LaunchProgram,{#AppName}}"; Flags: nowait postinstall skipifsilent

[Code]
{ The user's PATH (HKCU\Environment) gets {app}, where annotator.exe is, when the task is
  ticked; the uninstaller takes it out again, leaving every other entry as it was. }
const
  EnvironmentKey = 'Environment';

function SameFolder(A, B: String): Boolean;
begin
  Result := CompareText(RemoveBackslashUnlessRoot(Trim(A)), RemoveBackslashUnlessRoot(Trim(B))) = 0;
end;

function PathWithout(Path, Folder: String): String;
var
  Rest, Entry: String;
  Cut: Integer;
begin
  Result := '';
  Rest := Path;
  while Rest <> '' do
  begin
    Cut := Pos(';', Rest);
    if Cut = 0 then
    begin
      Entry := Rest;
      Rest := '';
    end
    else
    begin
      Entry := Copy(Rest, 1, Cut - 1);
      Rest := Copy(Rest, Cut + 1, Length(Rest));
    end;
    if (Trim(Entry) <> '') and not SameFolder(Entry, Folder) then
    begin
      if Result <> '' then
        Result := Result + ';';
      Result := Result + Entry;
    end;
  end;
end;

procedure AddToPath(Folder: String);
var
  Path: String;
begin
  if not RegQueryStringValue(HKCU, EnvironmentKey, 'Path', Path) then
    Path := '';
  Path := PathWithout(Path, Folder);
  if Path <> '' then
    Path := Path + ';';
  RegWriteExpandStringValue(HKCU, EnvironmentKey, 'Path', Path + Folder);
end;

procedure RemoveFromPath(Folder: String);
var
  Path: String;
begin
  if not RegQueryStringValue(HKCU, EnvironmentKey, 'Path', Path) then
    exit;
  Path := PathWithout(Path, Folder);
  if Path = '' then
    RegDeleteValue(HKCU, EnvironmentKey, 'Path')
  else
    RegWriteExpandStringValue(HKCU, EnvironmentKey, 'Path', Path);
end;

procedure CurStepChanged(CurStep: TSetupStep);
begin
  if (CurStep = ssPostInstall) and WizardIsTaskSelected('addtopath') then
    AddToPath(ExpandConstant('{app}'));
end;

procedure CurUninstallStepChanged(CurUninstallStep: TUninstallStep);
begin
  if CurUninstallStep = usPostUninstall then
    RemoveFromPath(ExpandConstant('{app}'));
end;
